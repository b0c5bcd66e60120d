import { Link } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

/** The brand mark (same as the favicon) and the site name, linking home. */
export function Logo({ locale, siteName, className }: { locale: Locale; siteName: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={localizePath(locale, "/")}
      className={`flex items-center gap-2 rounded-md text-xl font-bold text-ink focus-visible:outline-2 focus-visible:outline-primary ${className ?? ""}`}
      aria-label={t("menu.home_aria", { name: siteName })}
    >
      <BrandMark />
      <span>{siteName}</span>
    </Link>
  );
}

/** The brand mark alone (the favicon's drawing), e.g. at the head of a printed document. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden className="shrink-0">
      <rect width="32" height="32" rx="6" fill="#2B6FF5" />
      <path d="M10 24V8h7a5 5 0 0 1 0 10h-3v6z" fill="#fff" />
    </svg>
  );
}
