/**
 * The one way between the API's snake_case fields (packages/contract) and Drizzle's camelCase
 * columns. Only the names change; a field whose name is not its column's, such as a body's
 * `location` for the `location_id` column, is named in `renames`. Whatever else a mapper does
 * (ISO timestamps, a full name) it writes out beside the call.
 */

/** `firstName` → `first_name`, as a type. */
export type CamelToSnake<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${CamelToSnake<Rest>}`
  : S;

/** `first_name` → `firstName`, as a type. */
export type SnakeToCamel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<SnakeToCamel<Tail>>}`
  : S;

/** Keys of `T` that `renames` names otherwise; the others go through `Case`. */
type Renames<T> = { readonly [K in keyof T]?: string };
type NoRenames = Record<never, string>;

export type SnakeKeys<T, R extends Renames<T> = NoRenames> = {
  [K in keyof T as K extends keyof R ? R[K] & string : K extends string ? CamelToSnake<K> : K]: T[K];
};
export type CamelKeys<T, R extends Renames<T> = NoRenames> = {
  [K in keyof T as K extends keyof R ? R[K] & string : K extends string ? SnakeToCamel<K> : K]: T[K];
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const renameKeys = (o: object, rename: (key: string) => string, renames: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(o).map(([key, value]) => [renames[key] ?? rename(key), value]));

/**
 * A row's columns as API fields, every one of them: a row read with more than the API shows (a
 * sort key, a version) leaves those out before it comes here.
 * `{ isActive, locationId }` → `{ is_active, location }` with `{ locationId: 'location' }`.
 */
export const toSnake = <T extends object, const R extends Renames<T> = NoRenames>(row: T, renames?: R) =>
  renameKeys(row, snake, renames ?? {}) as SnakeKeys<T, R>;

/**
 * API fields as columns, for insert and update alike: `{ is_active }` → `{ isActive }`. A field
 * the body does not carry stays absent, so an update leaves its column as it is.
 */
export const toCamel = <T extends object, const R extends Renames<T> = NoRenames>(body: T, renames?: R) =>
  renameKeys(body, camel, renames ?? {}) as CamelKeys<T, R>;
