/** Client-specific CSV reading and the arrivals chart CSV; the RFC 4180 parsing and writing is lib/csv.ts. */
import type { ArrivalsData } from '@ginhawa/contract';

const SURNAME_PARTICLES = new Set([
  'de',
  'dela',
  'del',
  'delos',
  'della',
  'san',
  'sta',
  'sta.',
  'santa',
  'van',
  'von',
  'da',
  'di',
  'mac',
  'mc',
]);

/**
 * Splits a spreadsheet's one "name" column. "Dela Cruz, Rosa" is last-comma-first; otherwise the
 * last word is the surname, together with Filipino particles before it ("Rosa Dela Cruz", "Jose de los Santos").
 */
export const splitFullName = (full: string): { first: string; last: string } => {
  const text = full.trim().replace(/\s+/g, ' ');
  if (text.includes(',')) {
    const [last, ...rest] = text.split(',');
    return { first: rest.join(',').trim(), last: last!.trim() };
  }
  const words = text.split(' ');
  if (words.length === 1) return { first: words[0]!, last: '' };
  let start = words.length - 1;
  while (
    start > 1 &&
    (SURNAME_PARTICLES.has(words[start - 1]!.toLowerCase()) ||
      words[start - 1]!.toLowerCase() === 'los' ||
      words[start - 1]!.toLowerCase() === 'la')
  )
    start -= 1;
  return { first: words.slice(0, start).join(' '), last: words.slice(start).join(' ') };
};

type CsvRow = (string | number)[];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** One series of `/clients/arrivals/data/` as CSV rows (`?format=csv&series=`): what each chart's table shows. */
export const arrivalsCsv = (
  data: ArrivalsData,
  series: 'weekday_hour' | 'therapist' | 'location' | 'day' | 'hour',
): { header: string[]; rows: CsvRow[] } => {
  const period = [data.date_from, data.date_to];
  switch (series) {
    case 'weekday_hour':
      return {
        header: ['weekday', 'weekday_name', 'hour', 'count', 'date_from', 'date_to'],
        rows: data.by_weekday_hour.map((c) => [c.weekday, WEEKDAY_NAMES[c.weekday - 1]!, c.hour, c.count, ...period]),
      };
    case 'therapist':
      return {
        header: ['therapist', 'therapist_name', 'count', 'date_from', 'date_to'],
        rows: data.by_therapist.map((t) => [t.therapist, t.therapist_name, t.count, ...period]),
      };
    case 'location':
      return {
        header: ['location', 'location_name', 'count', 'date_from', 'date_to'],
        rows: data.by_location.map((l) => [l.location, l.location_name, l.count, ...period]),
      };
    case 'day':
      return { header: ['date', 'count'], rows: data.by_day.map((d) => [d.date, d.count]) };
    case 'hour':
      return {
        header: ['hour', 'count', 'date_from', 'date_to'],
        rows: data.by_hour.map((h) => [h.hour, h.count, ...period]),
      };
  }
};
