/**
 * URL slugs of catalogue rows (`/shop/{slug}`): lower-case ASCII letters and digits in words joined
 * by single hyphens, at most 80 characters.
 */
export const maxSlugLength = 80;
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(value: string): boolean {
  return value.length <= maxSlugLength && slugPattern.test(value);
}

/**
 * A slug suggested from a name: accents dropped ("Café" → "cafe"), everything else that is not a
 * letter or digit becomes a hyphen. Empty when nothing Latin is left (a Thai-only name).
 */
export function slugFromName(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, maxSlugLength).replace(/-+$/, "");
}
