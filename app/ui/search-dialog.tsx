import { Search, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useSearchParams } from "react-router";

import { shouldRunSearch } from "~/domain/search-text";
import { type Locale, localizePath, stripLocale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { MediaImage } from "~/ui/media-image";

import { commandButtonProps, searchDialogId, useCloseOnNavigation } from "./dialog-commands";
import { useFormatPrice } from "./price";
import { useHydrated } from "./use-hydrated";

/** One answer of GET /resources/search-suggestions (app/routes/resources/search-suggestions.ts). */
interface Suggestion {
  slug: string;
  name: string;
  priceSatang: number;
  imageKey: string | null;
}

/** Wait this long after the last keystroke before asking for suggestions. */
const suggestionDelayMs = 200;
const minSuggestionLength = 2;

/**
 * Suggestions for what is typed, fetched after a pause; an older answer never replaces a newer
 * one (each new text aborts the previous request). Errors just leave the list empty: the form
 * still submits to /shop.
 */
function useSuggestions(text: string, locale: Locale): { forText: string; suggestions: Suggestion[] } {
  const [state, setState] = useState<{ forText: string; suggestions: Suggestion[] }>({ forText: "", suggestions: [] });
  useEffect(() => {
    const query = text.trim();
    if ([...query].length < minSuggestionLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/resources/search-suggestions?q=${encodeURIComponent(query)}&lang=${locale}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then((body) => setState({ forText: text, suggestions: body.suggestions }))
        .catch(() => {});
    }, suggestionDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, locale]);
  return [...text.trim()].length < minSuggestionLength ? { forText: text, suggestions: [] } : state;
}

/**
 * Spec §2: search dialog, max width 500 px, searching on submit. A GET form to the shop, so the
 * result is a normal /shop?search=… page (a new search starts at page 1: no page field is sent)
 * and it works before JavaScript loads. With JavaScript: spec §5 (only a non-empty text that
 * differs from the search on screen runs), and a typeahead list of products (ARIA combobox:
 * arrow keys choose, Enter opens the product, Escape closes).
 */
export function SearchDialog({ locale }: { locale: Locale }) {
  const { t } = useTranslation("search");
  const ref = useRef<HTMLDialogElement>(null);
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const formatPrice = useFormatPrice();
  const listboxId = useId();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  useCloseOnNavigation(ref);

  const shownSearch = stripLocale(pathname) === "/shop" ? searchParams.get("search") : null;
  // What the shopper has typed since the dialog last showed a page (nothing typed: no requests).
  const [text, setText] = useState("");
  const [active, setActive] = useState(-1);
  const [listOpen, setListOpen] = useState(false);
  const { forText, suggestions } = useSuggestions(text, locale);
  const answered = listOpen && forText === text && [...text.trim()].length >= minSuggestionLength;
  const visible = answered ? suggestions : [];
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // Text typed before the page finished loading had no handler: suggest for it now.
  useEffect(() => {
    const field = input.current;
    if (field && field.value !== field.defaultValue) {
      setText(field.value);
      setListOpen(true);
    }
  }, []);
  const productPath = (suggestion: Suggestion) => localizePath(locale, `/shop/${encodeURIComponent(suggestion.slug)}`);

  const open = (suggestion: Suggestion) => {
    setListOpen(false);
    void navigate(productPath(suggestion));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (visible.length === 0) return;
      event.preventDefault();
      setListOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const count = visible.length;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count));
    } else if (event.key === "Enter" && active >= 0 && visible[active]) {
      event.preventDefault();
      open(visible[active]);
    } else if (event.key === "Escape") {
      // A search field would only clear itself on Escape; the dialog should close.
      event.preventDefault();
      ref.current?.close();
    }
  };

  return (
    <dialog
      ref={ref}
      id={searchDialogId}
      closedby="any"
      onClose={() => {
        setListOpen(false);
        setActive(-1);
      }}
      aria-labelledby={`${searchDialogId}-title`}
      className="mx-auto mt-[12dvh] w-[calc(100%-2rem)] max-w-[500px] rounded-xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/50"
      data-testid="search-dialog"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id={`${searchDialogId}-title`} className="text-lg font-semibold">
          {t("common:search.title")}
        </h2>
        <button {...commandButtonProps(searchDialogId, "close")} className="btn-ghost -mr-2 p-2">
          <X className="size-5" aria-hidden />
          <span className="sr-only">{t("actions.close")}</span>
        </button>
      </div>
      <Form
        method="get"
        action={localizePath(locale, "/shop")}
        role="search"
        className="flex gap-2 p-4"
        data-hydrated={hydrated ? "true" : undefined}
        onSubmit={(event) => {
          const value = new FormData(event.currentTarget).get("search");
          if (shouldRunSearch(typeof value === "string" ? value : "", shownSearch)) return;
          event.preventDefault();
          // The same search is already on screen behind the dialog: just show it.
          if (value && String(value).trim()) ref.current?.close();
        }}
      >
        <label htmlFor="search-dialog-input" className="sr-only">
          {t("common:search.label")}
        </label>
        <input
          ref={input}
          id="search-dialog-input"
          key={shownSearch ?? ""}
          type="search"
          name="search"
          defaultValue={shownSearch ?? ""}
          placeholder={t("common:search.placeholder")}
          maxLength={100}
          required
          autoFocus
          autoComplete="off"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={visible.length > 0}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 && visible[active] ? optionId(active) : undefined}
          onInput={(event) => {
            setText(event.currentTarget.value);
            setActive(-1);
            setListOpen(true);
          }}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
        />
        <button type="submit" className="btn-primary">
          <Search className="size-5" aria-hidden />
          <span>{t("actions.search")}</span>
        </button>
      </Form>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t("suggestions.label")}
        className={visible.length ? "max-h-[50dvh] overflow-y-auto border-t border-line py-2" : "hidden"}
        data-testid="search-suggestions"
      >
        {visible.map((suggestion, index) => (
          <li
            key={suggestion.slug}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep focus in the field (a click must not blur it before it opens the product).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => open(suggestion)}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${index === active ? "bg-surface-muted" : ""}`}
          >
            {suggestion.imageKey ? (
              <MediaImage imageKey={suggestion.imageKey} width={40} height={50} className="h-[50px] w-10 shrink-0 rounded object-cover" />
            ) : (
              <span className="h-[50px] w-10 shrink-0 rounded bg-surface-muted" aria-hidden />
            )}
            <span className="min-w-0 flex-1 truncate">{suggestion.name}</span>
            <span className="shrink-0 text-sm text-ink-muted">{formatPrice(suggestion.priceSatang)}</span>
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {answered ? (visible.length ? t("suggestions.count", { count: visible.length }) : t("suggestions.none")) : ""}
      </p>
    </dialog>
  );
}
