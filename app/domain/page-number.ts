/**
 * Page numbers from a list's `?page=` (shop, activities, my purchases). One rule for every paged
 * storefront list: a value that is not a page number ("abc", "-1", "0", "1.5", absent) means page 1
 * — the list's own address — and a page past the last one is not a page (404), never quietly
 * page 1: a made-up or stale address must not look like a real one (no soft 404 for crawlers),
 * and the list's own links never lead there.
 */
export const maxPageNumber = 100_000;

export function parsePageNumber(value: string | null | undefined): number {
  if (!value || !/^[1-9][0-9]*$/.test(value)) return 1;
  const page = Number(value);
  return page <= maxPageNumber ? page : maxPageNumber + 1;
}

/** A list of `pageCount` pages (at least one, even when empty) has no page `page`. */
export function isPastLastPage(page: number, pageCount: number): boolean {
  return page > Math.max(1, pageCount);
}
