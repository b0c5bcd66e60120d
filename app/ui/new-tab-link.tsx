import { clsx } from "clsx";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";

import { useTranslation } from "~/i18n/translation";

/**
 * A link to another site (a carrier's tracking page) that opens in a new tab: the icon shows it and
 * screen readers hear it; `noopener` keeps that site from reaching back into this page.
 */
export function NewTabLink({ href, children, className, testId }: { href: string; children: ReactNode; className?: string; testId?: string }) {
  const { t } = useTranslation("common");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx("inline-flex items-center gap-1 text-primary-dark underline", className)}
      data-testid={testId}
    >
      {children}
      <ExternalLink className="size-4" aria-hidden />
      <span className="sr-only">{t("newTab")}</span>
    </a>
  );
}
