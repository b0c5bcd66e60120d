import type { MouseEvent } from "react";
import type { NavigateFunction } from "react-router";

/**
 * A plain click on a route link inside an element that is not a `<Link>` (kept server HTML, the cart's
 * lines drawn as plain `<a>`s to spare a route match per line): a client-side navigation, as `<Link>`
 * makes its own. A route link is one marked `data-discover` (React Router's mark, which also lets it
 * discover the route ahead); tel:, mailto:, another site, a target, a download, a modifier key or
 * `data-reload-document` are left to the browser. Without JavaScript the link is an ordinary link.
 */
export function followInPage(event: MouseEvent, navigate: NavigateFunction) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (
    !(link instanceof HTMLAnchorElement) ||
    !link.hasAttribute("data-discover") ||
    link.hasAttribute("data-reload-document") ||
    link.hasAttribute("download") ||
    link.origin !== window.location.origin
  )
    return;
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (link.target && link.target !== "_self")
  )
    return;
  event.preventDefault();
  void navigate(link.pathname + link.search + link.hash);
}
