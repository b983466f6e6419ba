import { BUSINESS_TIME_ZONE, roundToTimeSlot } from '@ginhawa/contract';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The business day (YYYY-MM-DD) and the time slot nearest to `date` in Manila, wherever the browser is. */
export const manilaNow = (date: Date): { today: string; slot: string } => {
  const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return { today: `${p.year}-${p.month}-${p.day}`, slot: roundToTimeSlot(`${p.hour}:${p.minute}`) };
};
