import { BUSINESS_TIME_ZONE, LOCALE } from '@ginhawa/contract';

export { formatPeso, formatPesoRounded } from '@ginhawa/contract';

const longDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const hourInManila = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** "Saturday, 22 November 2025" for the business day in Manila, wherever the browser is. */
export const formatManilaDate = (date: Date): string => longDate.format(date);

export const greetingFor = (date: Date): string => {
  const hour = Number(hourInManila.format(date));
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

/** "juan dela cruz" → "Juan Dela Cruz". */
export const capitalizeWords = (value: string): string =>
  value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase(LOCALE) + word.slice(1))
    .join(' ');

export const initialsOf = (firstName: string, lastName: string, fallback = ''): string => {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase(LOCALE);
  return initials || fallback.trim().charAt(0).toLocaleUpperCase(LOCALE);
};
