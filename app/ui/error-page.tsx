import { useTranslation } from "~/i18n/translation";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { localeFromPathname, localizePath } from "~/i18n/config";

/** Statuses the spec's error catalogue names (§8); anything else is "An error occurred". */
const knownStatuses = new Set([400, 401, 403, 404, 405, 408, 413, 500, 502, 503]);

export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

export function errorTitleKey(status: number): "title.default" {
  // Every known status has a title.<status> key; the cast keeps i18next's key type simple.
  return (knownStatuses.has(status) ? `title.${status}` : "title.default") as "title.default";
}

/**
 * The error page of spec §8: status code, title, localized detail, "Please, contact staff." and a
 * link home. A 404 reads "This page could not be found". Never shows an error's internals.
 */
export function ErrorPage({
  status,
  embedded = false,
  home,
}: {
  status: number;
  embedded?: boolean;
  /** Where "back" leads instead of the shop's home (the back office: its dashboard). A bare path. */
  home?: { to: string; label: string };
}) {
  const { t } = useTranslation("errors");
  const { pathname } = useLocation();
  const locale = localeFromPathname(pathname);
  const key = knownStatuses.has(status) ? String(status) : "default";
  // Inside the storefront frame the layout already provides <main>.
  const Container = embedded ? "div" : "main";
  return (
    <Container className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center" data-testid="error-page">
      <p className="text-7xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t(`title.${key}` as "title.default")}</h1>
      <p className="mt-3 text-ink-muted">
        {status === 404 ? t("pageNotFound") : t(`detail.${key}` as "detail.default")}
      </p>
      <p className="mt-1 text-ink-muted">{t("contactStaff")}</p>
      <Link to={localizePath(locale, home?.to ?? "/")} className="btn-primary mt-8" reloadDocument={status >= 500}>
        {home?.label ?? t("backHome")}
      </Link>
    </Container>
  );
}
