import { type Locale, localizePath } from "~/i18n/config";

/** A product's review form (GET) and the POST of every review form. */
export const reviewFormPath = (locale: Locale, slug: string) => localizePath(locale, `/shop/${encodeURIComponent(slug)}/review`);

/** A review's photo as shoppers may see it (approved, or their own). */
export const reviewPhotoPath = (locale: Locale, slug: string, reviewId: number) =>
  localizePath(locale, `/shop/${encodeURIComponent(slug)}/reviews/${reviewId}/photo`);
