import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * "Column contains this text" for the back office's searches: LIKE with the wildcards of the text
 * itself escaped, so a search for "50%" or "a_b" finds exactly that (SQLite's LIKE is
 * case-insensitive for ASCII).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function contains(column: SQLWrapper, text: string): SQL {
  return sql`${column} LIKE ${containsPattern(text)} ${sql.raw(`ESCAPE '\\'`)}`;
}
