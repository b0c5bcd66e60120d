import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

/**
 * "This text appears in that column (or expression)", ASCII case-insensitive, for the back
 * office's searches. Not LIKE: D1 refuses LIKE patterns longer than 50 bytes ("LIKE or GLOB
 * pattern too complex"), which a Thai search of 17 characters already is, and LIKE needs its
 * wildcards escaped. `instr` takes the text literally, whatever its length — "50%" finds "50%".
 */
export function contains(expression: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${expression}), lower(${text})) > 0`;
}
