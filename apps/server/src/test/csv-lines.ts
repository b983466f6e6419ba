/** A CSV answer's lines as sent, without its byte-order mark: the header first, one line a row. */
export const csvLines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
