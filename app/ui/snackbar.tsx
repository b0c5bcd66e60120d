import type { LucideIcon } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { useLocation, useMatches } from "react-router";

import { lazyPart } from "./lazy-part";

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

// Its code (and the icons) load when a message shows: most page loads show none.
const Snackbar = lazyPart(() => import("./snackbar-view").then((module) => module.Snackbar));
