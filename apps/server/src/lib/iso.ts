/** The one way a timestamp leaves the API: ISO 8601 in UTC (`2026-01-31T08:00:00.000Z`). */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** As iso(), keeping null (a login never used, …). */
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A `tracked()` row's `created_at` and `updated_at` as they leave the API. */
export const isoStamps = (r: { createdAt: Date | string; updatedAt: Date | string }) => ({
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});
