import { manilaDateTime, roundToTimeSlot } from '@ginhawa/contract';

/** The business day (YYYY-MM-DD) and the time slot nearest to `date` in Manila, wherever the browser is. */
export const manilaNow = (date: Date): { today: string; slot: string } => {
  const { date: today, time } = manilaDateTime(date);
  return { today, slot: roundToTimeSlot(time) };
};
