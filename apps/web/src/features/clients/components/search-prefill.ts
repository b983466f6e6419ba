import type { ClientPrefill } from './client-form';

/** Lower-case particles that start a Filipino or Spanish surname: "Juan dela Cruz" is Juan + dela Cruz. */
const PARTICLES = new Set([
  'de',
  'del',
  'dela',
  'della',
  'delos',
  'los',
  'la',
  'las',
  'san',
  'santa',
  'sta.',
  'sto.',
  'y',
]);

/**
 * A new client's first fields from what found nothing: digits are the mobile; words are the names
 * ("Santos, Maria" is last, first; otherwise the last word, with its particles, is the last name).
 */
export const prefillFromSearch = (text: string): ClientPrefill => {
  const typed = text.trim().replace(/\s+/g, ' ');
  if (typed === '') return {};
  if (/^[+\d][\d\s().-]*$/.test(typed) && /\d{3}/.test(typed.replace(/\D/g, ''))) return { phone: typed };
  if (typed.includes('@')) return {};
  const comma = typed.indexOf(',');
  if (comma > 0) return { last_name: typed.slice(0, comma).trim(), first_name: typed.slice(comma + 1).trim() };
  const words = typed.split(' ');
  if (words.length === 1) return { first_name: typed };
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start -= 1;
  return { first_name: words.slice(0, start).join(' '), last_name: words.slice(start).join(' ') };
};
