import { X } from "lucide-react";
import { useEffect, useRef } from "react";

import { useTranslation } from "~/i18n/translation";

import type { OverlayState } from "./overlay";

/** A modal `<dialog>`: the page behind is inert while it shows. Only the image mode can be dismissed. */
export function Overlay({ state, onClose }: { state: OverlayState; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const visible = state.mode !== "hidden";
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (visible && !dialog.open) dialog.showModal();
    if (!visible && dialog.open) dialog.close();
  }, [visible]);

  return (
    <dialog
      ref={ref}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/80 p-0 text-white backdrop:bg-transparent"
      aria-label={state.mode === "image" ? state.alt || t("imagePreview") : t("loading")}
      aria-busy={state.mode === "progress" || state.mode === "loading"}
      data-testid="overlay"
      data-mode={state.mode}
      onCancel={(event) => {
        event.preventDefault();
        if (state.mode === "image") onClose();
      }}
    >
      <div className="flex h-full w-full items-center justify-center p-4">
        {state.mode === "image" ? (
          <>
            <img src={state.src} alt={state.alt} className="max-h-full max-w-full object-contain" />
            <button
              type="button"
              onClick={onClose}
              className="absolute top-3 right-3 rounded-full bg-black/60 p-2 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
              autoFocus
            >
              <X className="size-6" aria-hidden />
              <span className="sr-only">{t("actions.close")}</span>
            </button>
          </>
        ) : null}
        {state.mode === "progress" ? (
          <div className="w-full max-w-xs text-center">
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.percent}
              aria-label={t("loading")}
              className="h-2 overflow-hidden rounded-full bg-white/25"
            >
              <div className="h-full bg-white transition-[width]" style={{ width: `${state.percent}%` }} />
            </div>
            <p className="mt-3 text-lg font-semibold">{t("progress", { percent: state.percent })}</p>
          </div>
        ) : null}
        {state.mode === "loading" ? (
          <div className="flex flex-col items-center gap-3" role="status">
            <span className="size-12 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden />
            <span>{t("loading")}</span>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
