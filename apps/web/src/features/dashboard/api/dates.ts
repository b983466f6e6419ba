/** Calendar dates where the business is (Manila), as the API's `YYYY-MM-DD`. */
const manilaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const manilaDate = (now: Date): string => manilaDay.format(now);

/** `date` moved by whole days; noon UTC keeps daylight-saving-free arithmetic exact. */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The month, year and cutoff (1 = days 1–15, 2 = 16–end) a Manila date falls in. */
export const periodOf = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, cutoff: day <= 15 ? 1 : 2 };
};
