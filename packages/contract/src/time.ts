/** Time choices every 15 minutes across 24 hours, `HH:mm` (docs/product.md §5). */
export const TIME_SLOT_MINUTES = 15;

const pad = (n: number) => String(n).padStart(2, '0');

export const toHHmm = (totalMinutes: number): string => {
  const m = ((totalMinutes % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};

export const TIME_SLOTS: readonly string[] = Array.from({ length: (24 * 60) / TIME_SLOT_MINUTES }, (_, i) =>
  toHHmm(i * TIME_SLOT_MINUTES),
);

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isTimeSlot = (value: string): boolean => {
  const match = TIME_RE.exec(value);
  return match !== null && Number(match[2]) % TIME_SLOT_MINUTES === 0;
};

/** Rounds `HH:mm` (or minutes since midnight) to the nearest 15 minutes; 23:53 wraps to 00:00. */
export const roundToTimeSlot = (value: string | number): string => {
  let minutes: number;
  if (typeof value === 'number') minutes = value;
  else {
    const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
    if (!match) throw new RangeError(`Not a time: ${value}`);
    minutes = Number(match[1]) * 60 + Number(match[2]);
  }
  return toHHmm(Math.round(minutes / TIME_SLOT_MINUTES) * TIME_SLOT_MINUTES);
};
