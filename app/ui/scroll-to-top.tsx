import { clsx } from "clsx";
import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

import { useTranslation } from "~/i18n/translation";

/** Spec §9: the button appears after scrolling more than 150 px. */
export const scrollToTopThreshold = 150;

export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > scrollToTopThreshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return (
    <button
      type="button"
      onClick={(event) => {
        // Hiding a focused button mid-way stops Chromium's smooth scroll: let go of focus first.
        event.currentTarget.blur();
        window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      }}
      className={clsx(
        "fixed right-4 bottom-20 z-40 rounded-full bg-primary-dark p-3 text-white shadow-lg transition-opacity hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:bottom-6",
        visible ? "visible opacity-100" : "invisible opacity-0",
      )}
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      data-testid="scroll-to-top"
    >
      <ArrowUp className="size-5" aria-hidden />
      <span className="sr-only">{t("actions.scrollToTop")}</span>
    </button>
  );
}
