import { Search, X } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, useSearchParams } from "react-router";
import { localizePath, type Locale } from "~/i18n/config";
import { commandButtonProps, useCloseOnNavigation } from "./dialog-commands";

export const searchDialogId = "search-dialog";

/** The top bar's search button. */
export function SearchButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button {...commandButtonProps(searchDialogId, "show-modal")} className={className} aria-haspopup="dialog">
      <Search className="size-5" aria-hidden />
      <span className="sr-only">{t("actions.search")}</span>
    </button>
  );
}

/**
 * Spec §2: search dialog, max width 500 px, searching on submit. A GET form to the shop, so the
 * result is a normal /shop?search=… page (a new search starts at page 1: no page field is sent).
 */
export function SearchDialog({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [searchParams] = useSearchParams();
  useCloseOnNavigation(ref);
  return (
    <dialog
      ref={ref}
      id={searchDialogId}
      closedby="any"
      aria-labelledby={`${searchDialogId}-title`}
      className="mx-auto mt-[12dvh] w-[calc(100%-2rem)] max-w-[500px] rounded-xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/50"
      data-testid="search-dialog"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id={`${searchDialogId}-title`} className="text-lg font-semibold">
          {t("search.title")}
        </h2>
        <button {...commandButtonProps(searchDialogId, "close")} className="btn-ghost -mr-2 p-2">
          <X className="size-5" aria-hidden />
          <span className="sr-only">{t("actions.close")}</span>
        </button>
      </div>
      <Form method="get" action={localizePath(locale, "/shop")} role="search" className="flex gap-2 p-4">
        <label htmlFor="search-dialog-input" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="search-dialog-input"
          type="search"
          name="search"
          defaultValue={searchParams.get("search") ?? ""}
          placeholder={t("search.placeholder")}
          maxLength={100}
          required
          autoFocus
          className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
        />
        <button type="submit" className="btn-primary">
          <Search className="size-5" aria-hidden />
          <span>{t("actions.search")}</span>
        </button>
      </Form>
    </dialog>
  );
}
