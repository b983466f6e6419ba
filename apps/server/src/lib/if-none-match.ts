/**
 * Whether a request's If-None-Match names `etag` (a quoted strong tag), by the weak comparison
 * RFC 9110 §13.1.2 asks of it: `W/` is ignored, `*` matches any current representation.
 */
export const ifNoneMatch = (header: string | string[] | undefined, etag: string) => {
  if (header === undefined) return false;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || tag === `W/${etag}`) return true;
  }
  return false;
};
