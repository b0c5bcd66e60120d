import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";

// The dialog's code loads the first time something shows (the product page's zoom): most pages never do.
const Overlay = lazy(() => import("./overlay-dialog").then((module) => ({ default: module.Overlay })));

/** Spec §2 "Full-screen overlay": image (with close), progress percent, indeterminate loading, hidden. */
export type OverlayState = { mode: "hidden" } | { mode: "image"; src: string; alt: string } | { mode: "progress"; percent: number } | { mode: "loading" };

interface OverlayApi {
  showImage: (src: string, alt: string) => void;
  showProgress: (percent: number) => void;
  showLoading: () => void;
  hide: () => void;
}

const OverlayContext = createContext<OverlayApi | null>(null);

export function useOverlay(): OverlayApi {
  const api = useContext(OverlayContext);
  if (!api) throw new Error("useOverlay() needs an <OverlayProvider> above it");
  return api;
}

export function OverlayProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OverlayState>({ mode: "hidden" });
  // Once shown, the dialog stays mounted (hidden), so it closes as it opened.
  const [used, setUsed] = useState(false);
  if (state.mode !== "hidden" && !used) setUsed(true);
  const hide = useCallback(() => setState({ mode: "hidden" }), []);
  const api = useMemo<OverlayApi>(
    () => ({
      showImage: (src, alt) => setState({ mode: "image", src, alt }),
      showProgress: (percent) => setState({ mode: "progress", percent: Math.max(0, Math.min(100, Math.round(percent))) }),
      showLoading: () => setState({ mode: "loading" }),
      hide,
    }),
    [hide],
  );
  return (
    <OverlayContext.Provider value={api}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <Overlay state={state} onClose={hide} />
        </Suspense>
      ) : null}
    </OverlayContext.Provider>
  );
}
