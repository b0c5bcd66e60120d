import { isRouteErrorResponse, useLocation } from "react-router";

import type { BackendFrameData } from "~/features/backoffice/menu";
import { localeFromPathname } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { ErrorPage, errorStatus, errorTitle, errorTitleKey } from "../error-page";
import { BackendFrame } from "./backend-frame";

/**
 * A back-office page's error (a refusal, 404, 500) inside the frame — the given one, or the one a
 * refusal carries — so staff keep their menu; without a frame to draw, the bare error page. Either
 * way "back" leads to the dashboard (the sign-in page for whoever is not staff).
 */
export function BackendErrorScreen({ error, frame }: { error: unknown; frame?: BackendFrameData | null }) {
  const locale = localeFromPathname(useLocation().pathname);
  const { t } = useTranslation("backend");
  const status = errorStatus(error);
  if (status >= 500) console.error(error);
  const title = <title>{`${errorTitle(status, t(`errors:${errorTitleKey(status)}`))} | ${t("title")}`}</title>;
  const home = { to: "/backend/dashboard", label: t("meta.dashboard") };
  const drawn = frame ?? frameOfRefusal(error);
  if (!drawn) {
    return (
      <>
        {title}
        <ErrorPage status={status} home={home} />
      </>
    );
  }
  return (
    <BackendFrame locale={locale} frame={drawn}>
      {title}
      <ErrorPage status={status} embedded home={home} />
    </BackendFrame>
  );
}

/** The frame a refused staff member's 403 carries (the back office's middleware, staffAreaMiddleware), or null. */
export function frameOfRefusal(error: unknown): BackendFrameData | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const frame = (error.data as { frame?: BackendFrameData } | null)?.frame;
  return frame && Array.isArray(frame.menu) && typeof frame.staff?.fullName === "string" ? frame : null;
}
