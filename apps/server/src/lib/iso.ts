/** The one way a timestamp leaves the API: ISO 8601 in UTC (`2026-01-31T08:00:00.000Z`). */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** As iso(), keeping null (a login never used, …). */
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
