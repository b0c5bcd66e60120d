import { isRouteErrorResponse } from "react-router";

import { lazyPart } from "./lazy-part";

/** Statuses the spec's error catalogue names (§8); anything else is "An error occurred". */
export const errorPageStatuses = [400, 401, 403, 404, 405, 408, 413, 500, 502, 503] as const;
export const knownStatuses: ReadonlySet<number> = new Set<number>(errorPageStatuses);

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

/** The error page of spec §8 (app/ui/error-page-view.tsx); its code loads when a page shows it. */
export const ErrorPage = lazyPart(() => import("./error-page-view").then((module) => module.ErrorPage));

/** Spec §4/§9: after a 401 the page waits this long, signs the viewer out and goes to sign-in. */
export const unauthorizedDelaySeconds = 5;
