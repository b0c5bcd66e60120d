import type { Locale } from "./config";

type Bilingual<Field extends string> = { [Column in `${Field}En` | `${Field}Th`]: string | null | undefined };

/**
 * THE language pick for a bilingual column pair (`nameEn`/`nameTh`): the page's language, the other
 * one when it is empty — staff may fill one language first, and a blank is worse than the other
 * language. Every bilingual row (products, categories, content, settings) is read through this.
 */
export function localized<Field extends string>(row: Bilingual<Field>, field: Field, locale: Locale): string {
  const en = row[`${field}En`] ?? "";
  const th = row[`${field}Th`] ?? "";
  return locale === "th" ? th || en : en || th;
}
