import { manilaDateTime, TIME_SLOT_MINUTES, toHHmm } from '@ginhawa/contract';

/**
 * The business day (YYYY-MM-DD) and now's 15-minute slot in Manila (10:53 is the 10:45 slot, not
 * 11:00), wherever the browser is: a visit logged in it starts now on the floor (decisions 0909, 0910).
 */
export const manilaNow = (date: Date): { today: string; slot: string } => {
  const { date: today, time } = manilaDateTime(date);
  const [h = 0, m = 0] = time.split(':').map(Number);
  return { today, slot: toHHmm(Math.floor((h * 60 + m) / TIME_SLOT_MINUTES) * TIME_SLOT_MINUTES) };
};
