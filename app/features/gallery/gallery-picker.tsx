import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/translation";
import type { GalleryPickerPage } from "./gallery.server";

/**
 * The search and pager of the product form's image picker (issue 14): a file-name search and
 * "newer / older" pages of the gallery, newest first. They are submit buttons of the product form
 * itself (intent `image-search`, `image-page:<n>`), so the action answers the same draft with the
 * next page of images: nothing typed is lost, with or without JavaScript. Enter in the search box
 * searches (with JavaScript; without it Enter is the form's default button).
 */
export function GalleryPickerControls({ picker }: { picker: Pick<GalleryPickerPage, "query" | "page" | "pageCount" | "total"> }) {
  const { t } = useTranslation("catalogAdmin");
  const searchButton = useRef<HTMLButtonElement>(null);
  const pageButton = (page: number, label: string, icon: "prev" | "next") => (
    <button
      type="submit"
      name="intent"
      value={`image-page:${page}`}
      className="btn-ghost border border-line px-3 py-1.5 text-sm"
      data-testid={`image-page-${icon}`}
    >
      {icon === "prev" ? <ChevronLeft className="size-4" aria-hidden /> : null}
      {label}
      {icon === "next" ? <ChevronRight className="size-4" aria-hidden /> : null}
    </button>
  );
  return (
    <div className="mb-4 flex flex-col gap-3" data-testid="image-picker-controls">
      <input type="hidden" name="imagePage" value={picker.page} />
      <div className="flex flex-col gap-1">
        <label htmlFor="image-search" className="text-sm font-semibold">
          {t("products.imageSearch")}
        </label>
        <div className="flex gap-2">
          <input
            id="image-search"
            type="search"
            name="imageSearch"
            defaultValue={picker.query}
            maxLength={100}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              searchButton.current?.click();
            }}
          />
          <button
            ref={searchButton}
            type="submit"
            name="intent"
            value="image-search"
            className="btn-ghost border border-line"
            data-testid="image-search-submit"
          >
            <Search className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("products.imageSearchSubmit")}</span>
          </button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p className="text-ink-muted" role="status" data-testid="image-picker-summary">
          {picker.total === 0 && picker.query
            ? t("products.imageNoMatch", { query: picker.query })
            : t("products.imagePage", { page: picker.page, pages: picker.pageCount, count: picker.total })}
        </p>
        <div className="ml-auto flex gap-2">
          {picker.page > 1 ? pageButton(picker.page - 1, t("products.imageNewer"), "prev") : null}
          {picker.page < picker.pageCount ? pageButton(picker.page + 1, t("products.imageOlder"), "next") : null}
        </div>
      </div>
    </div>
  );
}
