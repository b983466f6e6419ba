/**
 * A token bucket: `capacity` tokens to start with, refilled at `perSecond`. Refill is computed
 * lazily from the clock on each take, so an idle bucket costs nothing (no timers per socket).
 */
export type TokenBucket = { take: () => boolean };

export const createTokenBucket = (
  capacity: number,
  perSecond: number,
  now: () => number = () => Date.now(),
): TokenBucket => {
  let tokens = capacity;
  let last = now();
  return {
    take: () => {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
};
