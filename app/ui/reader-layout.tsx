import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

/**
 * Spec §2 "Policy/reader layout": a slim top bar with the logo and a back button over a readable
 * column (privacy policy and similar). Back returns to the previous page of this site when there
 * is one, else to `backTo` (home by default) — a plain link without JavaScript.
 */
export function ReaderLayout({ locale, siteName, backTo = "/", children }: { locale: Locale; siteName: string; backTo?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fallback = localizePath(locale, backTo);
  return (
    <div className="min-h-dvh bg-surface">
      <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-3 px-4">
          <Link
            to={fallback}
            onClick={(event) => {
              // "default" is the key of the first page of a visit: nothing of ours to go back to.
              if (location.key !== "default") {
                event.preventDefault();
                void navigate(-1);
              }
            }}
            className="btn-ghost -ml-2"
          >
            <ArrowLeft className="size-5" aria-hidden />
            <span>{t("actions.back")}</span>
          </Link>
          <Link to={localizePath(locale, "/")} className="ml-auto text-xl font-bold text-primary-dark" aria-label={t("menu.home_aria", { name: siteName })}>
            {siteName}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 leading-relaxed">{children}</main>
    </div>
  );
}
