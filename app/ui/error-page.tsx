import { useCallback, useEffect, useRef, useState } from "react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";

import { type Locale, localeFromPathname, localizePath, stripLocale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

/** Statuses the spec's error catalogue names (§8); anything else is "An error occurred". */
export const errorPageStatuses = [400, 401, 403, 404, 405, 408, 413, 500, 502, 503] as const;
const knownStatuses = new Set<number>(errorPageStatuses);

export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

export function errorTitleKey(status: number): "title.default" {
  // Every known status has a title.<status> key; the cast keeps i18next's key type simple.
  return (knownStatuses.has(status) ? `title.${status}` : "title.default") as "title.default";
}

/** Spec §8's page title: the status and its name ("404 Not Found"); any other status "An error occurred". */
export function errorTitle(status: number, title: string): string {
  return knownStatuses.has(status) ? `${status} ${title}` : title;
}

/**
 * What root.tsx's and the storefront layout's error boundaries show: the page's title and the error
 * page. Reached only through app/ui/error-screen.ts (loaded when a page fails).
 */
export function ErrorScreen({ error, embedded, home }: { error: unknown; embedded?: boolean; home?: { to: string; label: string } }) {
  const { t } = useTranslation("errors");
  const status = errorStatus(error);
  if (status >= 500) console.error(error);
  return (
    <>
      <title>{errorTitle(status, t(errorTitleKey(status)))}</title>
      <ErrorPage status={status} embedded={embedded} home={home} />
    </>
  );
}

/**
 * The error page of spec §8: the title with its status ("404 Not Found"), the status's detail ("Not
 * found this page."), then "Please, contact staff." and a link home — in the page's language. Never
 * shows an error's internals.
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
      <h1 className="text-2xl font-semibold" data-testid="error-title" data-status={status}>
        {knownStatuses.has(status) ? (
          <>
            <span className="block text-7xl font-bold text-primary">{status}</span> <span className="mt-4 block">{t(`title.${key}` as "title.default")}</span>
          </>
        ) : (
          <>
            <span className="block text-7xl font-bold text-primary" aria-hidden>
              {status}
            </span>
            <span className="mt-4 block">{t("title.default")}</span>
          </>
        )}
      </h1>
      <p className="mt-3 text-ink-muted" data-testid="error-detail">
        {t(`detail.${key}` as "detail.default")}
      </p>
      <p className="mt-1 text-ink-muted">{t("contactStaff")}</p>
      {status === 401 ? <SignOutCountdown locale={locale} /> : null}
      <Link to={localizePath(locale, home?.to ?? "/")} className="btn-primary mt-8" reloadDocument={status >= 500}>
        {home?.label ?? t("backHome")}
      </Link>
    </Container>
  );
}

/** Spec §4/§9: after a 401 the page waits this long, signs the viewer out and goes to sign-in. */
export const unauthorizedDelaySeconds = 5;

/**
 * The 401 behaviour: a visible countdown, then POST /logout (the session ends server-side, the
 * cookie is cleared) and a full page load of the sign-in page — the back office's for /backend
 * pages — that brings the viewer back here afterwards. Before JavaScript runs, the button is a
 * plain sign-out form.
 */
function SignOutCountdown({ locale }: { locale: Locale }) {
  const { t } = useTranslation("errors");
  const { pathname, search } = useLocation();
  const [seconds, setSeconds] = useState(unauthorizedDelaySeconds);
  const [signingOut, setSigningOut] = useState(false);
  const started = useRef(false);
  const bare = stripLocale(pathname);
  const staff = bare === "/backend" || bare.startsWith("/backend/");
  const logoutPath = localizePath(locale, "/logout");

  const signOut = useCallback(async () => {
    if (started.current) return;
    started.current = true;
    setSigningOut(true);
    try {
      await fetch(logoutPath, { method: "POST", body: new URLSearchParams(), credentials: "same-origin", redirect: "manual" });
    } catch {
      // Offline or the server is down: the sign-in page still follows; the session expires on its own.
    }
    const target = new URLSearchParams();
    // Back here after signing in — except from a sign-in flow itself.
    if (bare !== "/auth") target.set("redirectTo", `${pathname}${search}`);
    const query = target.toString();
    window.location.assign(`${localizePath(locale, staff ? "/backend/login" : "/login")}${query ? `?${query}` : ""}`);
  }, [bare, locale, logoutPath, pathname, search, staff]);

  useEffect(() => {
    const timer = window.setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds === 0) void signOut();
  }, [seconds, signOut]);

  return (
    <form
      method="post"
      action={logoutPath}
      className="mt-6 flex flex-col items-center gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void signOut();
      }}
    >
      <p role="status" aria-live="polite" data-testid="unauthorized-countdown" data-seconds={seconds}>
        {signingOut ? t("unauthorized.signingOut") : t("unauthorized.countdown", { count: seconds })}
      </p>
      <button type="submit" className="btn-ghost border border-line" disabled={signingOut}>
        {t("unauthorized.now")}
      </button>
    </form>
  );
}
