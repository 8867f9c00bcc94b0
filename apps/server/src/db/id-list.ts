import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column` is one of `ids`, with the ids as one array parameter: `inArray` binds one parameter per id, which
 * costs the query builder and the server per id and stops at 65,535 of them.
 */
export const oneOf = (column: Column, ids: readonly number[]): SQL =>
  sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
