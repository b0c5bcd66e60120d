import { fileURLToPath } from "node:url";

import { expectOccurrences, replaceExpected, type RewriteSite, workersBuildRewrite } from "./lib/package-rewrite.ts";

/** React Router's `<Link>` and `<Form>` (dom/lib.js), as the Workers' build imports them. */
export const reactRouterDomLibPath = fileURLToPath(new URL("../node_modules/react-router/dist/production/lib/dom/lib.js", import.meta.url));

const site: RewriteSite = { rewrite: "scripts/react-router-server-links.ts", file: "React Router's dom/lib.js", packageName: "React Router" };

/**
 * A `<Link>` rendered on the server costs ~9 µs (issue 19; profiled: 0.53 ms of a `/shop` render's ~9 ms
 * for its ~60 links), most of it for what only the browser uses: `useResolvedPath` turns the route's
 * matches into JSON and back to resolve the path against them, `useNavigate` and `useLinkClickHandler`
 * build the click handler, `usePrefetchBehavior` sets up its state and effects, and `useLocation` is read
 * for a mask. None of that changes the HTML of a link to an absolute path (`/shop?category=1`, every link
 * `localizePath` makes): its address does not depend on the route it is in.
 *
 * On the server, a `<Link>` to an absolute path, under the root basename, without a mask and with no
 * prefetching, now resolves that path with React Router's own `resolveTo` and renders the same `<a>`
 * (same attributes, in the same order) without those hooks; any other link takes React Router's path.
 * A server render draws each component once, so the hooks it skips are never expected on a later
 * render. The browser's build is not rewritten: hydration runs the full `<Link>` over the same HTML.
 *
 * Rewritten as text, so the build fails here if React Router's code changes shape (a new version must be
 * looked at again); scripts/react-router-server-links.test.ts renders links of every kind through React
 * Router's module and the rewritten one and compares the HTML.
 */
export function rewriteReactRouterServerLinks(code: string): string {
  const anchor =
    '\tlet { basename, navigator, useTransitions } = React$1.useContext(NavigationContext);\n\tlet isAbsolute = typeof to === "string" && ABSOLUTE_URL_REGEX.test(to);';
  const element = [
    '\tlet link = /* @__PURE__ */ React$1.createElement("a", {',
    "\t\t...rest,",
    "\t\t...prefetchHandlers,",
    "\t\thref: renderedHref,",
    "\t\tonClick: isSpaLink ? handleClick : onClick,",
    "\t\tref: mergeRefs(forwardedRef, prefetchRef),",
    "\t\ttarget,",
    '\t\t"data-discover": !isAbsolute && discover === "render" ? "true" : void 0',
    "\t});",
  ].join("\n");
  // A path of its own ("/…", and not what React Router takes for another site: "//host", "/\\host"):
  // neither the route's matches nor the location change its address.
  const fastPath = [
    '\tif (typeof to === "string" && to.charCodeAt(0) === 47 && !isAbsolute && basename === "/" && !mask && prefetch === "none") {',
    '\t\tlet serverHref = navigator.createHref(resolveTo(to, [], "/", relative === "path"));',
    "\t\tvalidateDocumentNavigationTarget(serverHref);",
    '\t\treturn React$1.createElement("a", {',
    "\t\t\t...rest,",
    "\t\t\thref: serverHref,",
    "\t\t\tonClick,",
    "\t\t\tref: forwardedRef,",
    "\t\t\ttarget,",
    '\t\t\t"data-discover": discover === "render" ? "true" : void 0',
    "\t\t});",
    "\t}",
  ].join("\n");
  // The fast path draws this <a> again: a change to it must fail the build.
  expectOccurrences(site, code, element, "LinkWithRef's <a>");
  const withLinks = replaceExpected(site, code, anchor, `${anchor}\n${fastPath}`, "LinkWithRef's first lines");
  return rewriteServerForms(withLinks);
}

/**
 * The same for a `<Form>` (and a fetcher's) posting to an absolute path (`action="/cart"`, every form the
 * kit draws): its `action` attribute is that path, resolved by React Router's `resolveTo`; `useSubmit`,
 * which only the browser calls, and `useFormAction`'s route matches and location are skipped. A form
 * without an action (it posts to its own page, `?index` included) takes React Router's path.
 */
function rewriteServerForms(code: string): string {
  const anchor = "\tlet { useTransitions } = React$1.useContext(NavigationContext);\n\tlet submit = useSubmit();";
  const element = [
    '\treturn /* @__PURE__ */ React$1.createElement("form", {',
    "\t\tref: forwardedRef,",
    "\t\tmethod: formMethod,",
    "\t\taction: formAction,",
    "\t\tonSubmit: reloadDocument ? onSubmit : submitHandler,",
    "\t\t...props,",
    '\t\t"data-discover": !isAbsolute && discover === "render" ? "true" : void 0',
    "\t});",
  ].join("\n");
  // The fast path draws this <form> again, and resolves an action as useFormAction does for a path of its own.
  expectOccurrences(site, code, element, "Form's <form>");
  expectOccurrences(site, code, "\tlet formAction = createPath(path);\n\tvalidateDocumentNavigationTarget(formAction);", "useFormAction's end");
  const fastPath = [
    '\tif (typeof action === "string" && action.charCodeAt(0) === 47 && !ABSOLUTE_URL_REGEX.test(action) && React$1.useContext(NavigationContext).basename === "/") {',
    '\t\tlet serverAction = createPath(resolveTo(action, [], "/", relative === "path"));',
    "\t\tvalidateDocumentNavigationTarget(serverAction);",
    '\t\treturn React$1.createElement("form", {',
    "\t\t\tref: forwardedRef,",
    '\t\t\tmethod: method.toLowerCase() === "get" ? "get" : "post",',
    "\t\t\taction: serverAction,",
    "\t\t\tonSubmit,",
    "\t\t\t...props,",
    '\t\t\t"data-discover": discover === "render" ? "true" : void 0',
    "\t\t});",
    "\t}",
  ].join("\n");
  return replaceExpected(site, code, anchor, `${fastPath}\n${anchor}`, "Form's first lines");
}

/** Vite plugin: applies {@link rewriteReactRouterServerLinks} to the Workers' build (not the browser's) of React Router. */
export const reactRouterServerLinks = () => workersBuildRewrite("pryde:react-router-server-links", reactRouterDomLibPath, rewriteReactRouterServerLinks);
