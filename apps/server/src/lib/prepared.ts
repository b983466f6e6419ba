import type { Db } from '../db/client';

/**
 * A query the server runs many times a second, built once per database and shape as a named
 * prepared statement with placeholders (`sql.placeholder`). Each run then skips drizzle's query
 * building, and PostgreSQL parses the statement once per connection and, after a few runs,
 * reuses a generic plan instead of planning it again: for the session lookup and client search,
 * building and planning cost more than running (docs/decisions/0402-search-at-20-concurrent.md).
 *
 * `shape` must name everything that changes the SQL text (e.g. how many search words), never a
 * value: values are placeholders. It becomes part of the statement's name, which PostgreSQL
 * keeps per connection. PGlite runs the same statements unnamed.
 */
export const preparedOnce = <P>(name: string, build: (db: Db, statementName: string, shape: string) => P) => {
  const byDb = new WeakMap<Db, Map<string, P>>();
  return (db: Db, shape = ''): P => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
    let statement = statements.get(shape);
    if (!statement) statements.set(shape, (statement = build(db, shape ? `${name}_${shape}` : name, shape)));
    return statement;
  };
};
