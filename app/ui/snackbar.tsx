import { clsx } from "clsx";
import { CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert, X } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useMatches } from "react-router";

import { useTranslation } from "~/i18n/translation";

/** Spec §2 "Global snackbar": title, content, colour, icon, location; default icons per colour; Close. */
export type SnackbarColour = "success" | "info" | "warning" | "error";

export interface SnackbarMessage {
  title?: string;
  content?: string;
  colour?: SnackbarColour;
  /** Replaces the colour's default icon. */
  icon?: LucideIcon;
  location?: "top" | "bottom";
  /** Milliseconds before it hides itself; 0 keeps it until closed. Errors stay by default. */
  timeout?: number;
}

/**
 * What a loader returns to show a one-off message: `return data({ …, snackbar })`. Plain data
 * (no icon component) so it survives serialisation.
 */
export type LoaderSnackbar = Omit<SnackbarMessage, "icon">;

const defaultIcons: Record<SnackbarColour, LucideIcon> = {
  success: CircleCheck,
  info: Info,
  warning: TriangleAlert,
  error: CircleX,
};

const colourClasses: Record<SnackbarColour, string> = {
  success: "bg-success text-white",
  info: "bg-ink text-white",
  warning: "bg-warning text-white",
  error: "bg-error text-white",
};

interface SnackbarApi {
  show: (message: SnackbarMessage) => void;
  close: () => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error("useSnackbar() needs a <SnackbarProvider> above it");
  return api;
}

function isLoaderSnackbar(value: unknown): value is LoaderSnackbar {
  return typeof value === "object" && value !== null && ("title" in value || "content" in value);
}

/** The last route (deepest first) whose loader data carries a `snackbar` field. */
function useLoaderSnackbar(): LoaderSnackbar | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]?.loaderData;
    if (data && typeof data === "object" && "snackbar" in data && isLoaderSnackbar(data.snackbar)) return data.snackbar;
  }
  return null;
}

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ message: SnackbarMessage; id: number } | null>(null);
  // A loader's message belongs to one visit of a page: it shows (server-rendered too, so it works
  // without JavaScript) until closed, and does not come back on the next page.
  const { key } = useLocation();
  const fromLoader = useLoaderSnackbar();
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const counter = useRef(0);

  const close = useCallback(() => {
    setShown(null);
    setDismissedKey(key);
  }, [key]);
  const show = useCallback((message: SnackbarMessage) => {
    counter.current += 1;
    setShown({ message, id: counter.current });
  }, []);
  const api = useMemo(() => ({ show, close }), [show, close]);

  const current = shown ?? (fromLoader && dismissedKey !== key ? { message: fromLoader, id: 0 } : null);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {current ? <Snackbar key={current.id} message={current.message} onClose={close} /> : null}
    </SnackbarContext.Provider>
  );
}

function Snackbar({ message, onClose }: { message: SnackbarMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const colour = message.colour ?? "info";
  const Icon = message.icon ?? defaultIcons[colour];
  const timeout = message.timeout ?? (colour === "error" ? 0 : 6000);
  useEffect(() => {
    if (!timeout) return;
    const timer = window.setTimeout(onClose, timeout);
    return () => window.clearTimeout(timer);
  }, [timeout, onClose]);
  const title = message.title ?? (message.content ? undefined : t(`snackbar.${colour}`));
  return (
    <div
      className={clsx(
        "fixed inset-x-3 z-[70] mx-auto flex max-w-md items-start gap-3 rounded-lg px-4 py-3 shadow-lg",
        message.location === "top" ? "top-3" : "bottom-20 md:bottom-6",
        colourClasses[colour],
      )}
      role={colour === "error" || colour === "warning" ? "alert" : "status"}
      data-testid="snackbar"
      data-colour={colour}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {message.content ? <p className="text-sm opacity-95">{message.content}</p> : null}
      </div>
      <button type="button" onClick={onClose} className="-m-1 rounded p-1 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white">
        <X className="size-5" aria-hidden />
        <span className="sr-only">{t("actions.close")}</span>
      </button>
    </div>
  );
}
