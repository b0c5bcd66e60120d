import { lazy } from "react";

import { loadNamespaces } from "~/i18n/client-messages";
import { deferredPartNamespaces } from "~/i18n/route-namespaces";

/**
 * The error boundaries' page (root.tsx, the storefront layout) with its code and its `errors`
 * strings loaded only when a page fails (issue 19: off every page's first load). An error page
 * from the server hydrates once they are there (the 401 countdown starts then); a failed
 * navigation keeps the current page on screen until they are (router updates are transitions).
 * Import the error page only this way: a static import puts it back in the frame's chunk.
 */
export const ErrorScreen = lazy(() =>
  Promise.all([
    import("./error-page"),
    // The server renders with every namespace (app/i18n/resources.ts).
    import.meta.env.SSR ? null : loadNamespaces(deferredPartNamespaces["ui/error-page.tsx"]),
  ]).then(([module]) => ({ default: module.ErrorScreen })),
);

/**
 * The back office's error page in its frame, for root.tsx's boundary, where the guard's refusals land.
 * Absent from the storefront's build (app/build-part.ts), which never renders a back-office page.
 */
export const BackendErrorScreen =
  import.meta.env.PRYDE_PART === "shop"
    ? null
    : lazy(() =>
        Promise.all([
          import("./backend/backend-error"),
          import.meta.env.SSR ? null : loadNamespaces(deferredPartNamespaces["ui/backend/backend-error.tsx"]),
        ]).then(([module]) => ({ default: module.BackendErrorScreen })),
      );
