import { BUSINESS_TIME_ZONE } from './constants';
import { LOCALE } from './money';

/** Day, short month and year in Manila: the parts of "20 May 2027". */
const dayParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date as people here write it, "20 May 2027", for text built away from a screen (the
 * server's notification messages). A calendar date (`2027-05-20`) is that day; a timestamp is its
 * day in Manila. Anything unreadable comes back as given, so a message never says "Invalid Date".
 */
export const formatDateInWords = (value: string | Date): string => {
  // Noon UTC of a calendar date is the same date in Manila (UTC+8).
  const at = typeof value === 'string' && CALENDAR_DATE.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  const p = Object.fromEntries(dayParts.formatToParts(at).map((part) => [part.type, part.value]));
  return `${p.day} ${p.month} ${p.year}`;
};
