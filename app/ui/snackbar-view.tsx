import { clsx } from "clsx";
import { CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert, X } from "lucide-react";
import { useEffect } from "react";

import { useTranslation } from "~/i18n/translation";

import type { SnackbarColour, SnackbarMessage } from "./snackbar";

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

export function Snackbar({ message, onClose }: { message: SnackbarMessage; onClose: () => void }) {
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
