import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { reactRouterDomLibPath, rewriteReactRouterServerLinks } from "./react-router-server-links";

type Props = Record<string, unknown>;
type Component = (props: Props) => unknown;
type ReactModule = { createElement(type: unknown, props?: Props | null, ...children: unknown[]): unknown };
type Server = { renderToString(element: unknown): string };
type Components = {
  MemoryRouter: Component;
  Routes: Component;
  Route: Component;
  RouterProvider: Component;
  createMemoryRouter(routes: object[], options: object): unknown;
};
type Lib = { Link: Component; NavLink: Component; Form: Component; useFetcher(): { Form: Component } };

const require = createRequire(reactRouterDomLibPath);
const fileUrl = (path: string) => pathToFileURL(path).href;

/** React Router's dom/lib.js, rewritten, as a module of its own: its relative imports and React point at the real files. */
let folder: string;
async function loadRewritten(): Promise<Lib> {
  const here = dirname(reactRouterDomLibPath);
  const source = rewriteReactRouterServerLinks(readFileSync(reactRouterDomLibPath, "utf8"))
    .replace(/from "(\.\.?\/[\w./-]+\.js)"/g, (_, file: string) => `from ${JSON.stringify(fileUrl(resolve(here, file)))}`)
    .replace(/from "react"/, `from ${JSON.stringify(fileUrl(require.resolve("react")))}`);
  folder = mkdtempSync(join(tmpdir(), "rr-server-links-"));
  const file = join(folder, "lib.js");
  writeFileSync(file, source);
  return (await import(/* @vite-ignore */ fileUrl(file))) as Lib;
}

let React: ReactModule;
let server: Server;
let router: Components;
let own: Lib;
let rewritten: Lib;

beforeAll(async () => {
  // The same React the rewritten module imports, and React Router's own production modules (one set of contexts).
  React = (await import(/* @vite-ignore */ fileUrl(require.resolve("react")))) as ReactModule;
  server = (await import(/* @vite-ignore */ fileUrl(require.resolve("react-dom/server")))) as Server;
  router = (await import(/* @vite-ignore */ fileUrl(resolve(dirname(reactRouterDomLibPath), "../components.js")))) as Components;
  own = (await import(/* @vite-ignore */ fileUrl(reactRouterDomLibPath))) as Lib;
  rewritten = await loadRewritten();
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** One link, rendered inside nested routes at `location` (so a relative path has a route to resolve against). */
function render(lib: Lib, props: Props, { location = "/th/shop/classic-logo-tee", basename = "/", nav = false } = {}): string {
  const h = React.createElement;
  const link = h(nav ? lib.NavLink : lib.Link, { className: "link", ...props }, "text");
  const tree = h(
    router.MemoryRouter,
    { initialEntries: [location], basename },
    h(router.Routes, null, h(router.Route, { path: "th" }, h(router.Route, { path: "shop" }, h(router.Route, { path: ":slug", element: link })))),
  );
  return server.renderToString(tree);
}

const targets = [
  "/shop",
  "/",
  "/th",
  "/shop?category=1&page=2",
  "/shop?",
  "/shop#reviews",
  "/shop/",
  "/shop//classic-logo-tee",
  "/a/../shop/./x",
  "/\\evil.example",
  `/th/shop/${encodeURIComponent("เสื้อยืด")}?variant=3`,
  "//evil.example/path",
  "https://example.com/x",
  "mailto:shop@pryde.test",
  "tel:+6621234567",
  "",
  ".",
  "..",
  "../other",
  "reviews",
  "?sort=price",
  "#top",
];

/** One form, rendered inside a data router's route at `location` (an index route when `index`); `fetcher`: a fetcher's form. */
function renderForm(lib: Lib, props: Props, { location = "/th/shop/classic-logo-tee", index = false, fetcher = false } = {}): string {
  const h = React.createElement;
  function Page() {
    const FormOf = fetcher ? lib.useFetcher().Form : lib.Form;
    return h(FormOf, props, h("input", { type: "hidden", name: "intent", value: "add" }), h("button", { type: "submit" }, "Add"));
  }
  const route = index ? { path: "/th/shop/:slug", children: [{ index: true, element: h(Page) }] } : { path: "/th/shop/:slug", element: h(Page) };
  const memoryRouter = router.createMemoryRouter([route], { initialEntries: [location] });
  return server.renderToString(h(router.RouterProvider, { router: memoryRouter }));
}

const formOutcome = (lib: Lib, props: Props, options?: Parameters<typeof renderForm>[2]) => {
  try {
    return renderForm(lib, props, options);
  } catch (error) {
    return `refused: ${String(error)}`;
  }
};

describe("React Router's <Form> on the server, as the Workers' build rewrites it (scripts/react-router-server-links.ts)", () => {
  const actions = [
    "/cart",
    "/th/cart",
    "/cart?intent=add&x=1",
    "/cart#top",
    "/cart/",
    "/a/../cart",
    "//evil.example/x",
    "/\\evil.example",
    "https://example.com/x",
    "reviews",
    ".",
    "?page=2",
    undefined,
  ];

  it.each(actions)("should render the same HTML as React Router's own <Form action=%j>", (action) => {
    for (const method of [undefined, "post", "get", "PUT"]) {
      const props = { action, method, id: "cart-steps-5", className: "flex" };
      expect(formOutcome(rewritten, props)).toBe(formOutcome(own, props));
    }
    expect(formOutcome(own, { action, method: "post" })).toMatch(/<form |^refused: Error: External navigation is not allowed/);
  });

  it("should render the same HTML for a form in an index route, with and without an action", () => {
    for (const action of [undefined, ".", "/cart", "?x=1"])
      expect(formOutcome(rewritten, { action, method: "post" }, { index: true, location: "/th/shop/x?index&page=2" })).toBe(
        formOutcome(own, { action, method: "post" }, { index: true, location: "/th/shop/x?index&page=2" }),
      );
  });

  it("should render the same HTML with React Router's own props and attributes of the page's", () => {
    for (const props of [
      { reloadDocument: true },
      { discover: "none" },
      { navigate: false, fetcherKey: "k" },
      { replace: true, state: { a: 1 }, preventScrollReset: true, relative: "path" },
      { encType: "multipart/form-data", "data-testid": "add-to-cart", noValidate: true, "aria-label": "ใส่ตะกร้า" },
    ])
      expect(formOutcome(rewritten, { action: "/cart", method: "post", ...props })).toBe(formOutcome(own, { action: "/cart", method: "post", ...props }));
  });

  it("should render the same HTML for a fetcher's form", () => {
    for (const action of ["/cart", "/th/cart?x=1", "reviews", undefined])
      expect(formOutcome(rewritten, { action, method: "post" }, { fetcher: true })).toBe(formOutcome(own, { action, method: "post" }, { fetcher: true }));
    expect(formOutcome(rewritten, { action: "/cart", method: "post" }, { fetcher: true })).toContain('action="/cart"');
  });
});

describe("React Router's <Link> on the server, as the Workers' build rewrites it (scripts/react-router-server-links.ts)", () => {
  it("should find LinkWithRef's lines in the installed react-router (the build fails otherwise)", () => {
    expect(rewriteReactRouterServerLinks(readFileSync(reactRouterDomLibPath, "utf8"))).toContain("let serverHref = navigator.createHref");
  });

  it("should throw, naming the file, when React Router's code no longer has the shape it rewrites", () => {
    expect(() => rewriteReactRouterServerLinks("const Link = 1;")).toThrow(/react-router-server-links\.ts: expected/);
  });

  it.each(targets)("should render the same HTML as React Router's own <Link to=%j>, or refuse it the same way", (to) => {
    const outcome = (lib: Lib) => {
      try {
        return render(lib, { to });
      } catch (error) {
        return `refused: ${String(error)}`;
      }
    };
    expect(outcome(rewritten)).toBe(outcome(own));
    // React Router refuses to render a link whose address leaves the site by a backslash.
    expect(outcome(own)).toMatch(to === "/\\evil.example" ? /^refused: Error: External navigation is not allowed/ : /<a /);
  });

  it.each([
    ["reloadDocument", { reloadDocument: true }],
    ["a target", { target: "_blank", rel: "noopener" }],
    ["discover none", { discover: "none" }],
    ["prefetch intent", { prefetch: "intent" }],
    ["prefetch render", { prefetch: "render" }],
    ["relative path", { relative: "path" }],
    ["replace and state", { replace: true, state: { from: "cart" }, preventScrollReset: true }],
    ["data and aria attributes", { "data-testid": "cart-line-name", "aria-label": "ดูสินค้า", title: 'quote " & <tag>' }],
    ["a style and an id", { style: { color: "red" }, id: "link-1" }],
  ])("should render the same HTML as React Router's own <Link> with %s", (_, props) => {
    for (const to of ["/shop?x=1", "/th", "reviews", "//evil.example"]) expect(render(rewritten, { to, ...props })).toBe(render(own, { to, ...props }));
  });

  it("should render the same HTML under another basename, and for an object `to`", () => {
    for (const to of ["/shop", "/", "reviews", { pathname: "/shop", search: "?x=1" }, { pathname: "cart" }])
      expect(render(rewritten, { to }, { basename: "/base", location: "/base/th/shop/x" })).toBe(
        render(own, { to }, { basename: "/base", location: "/base/th/shop/x" }),
      );
    expect(render(rewritten, { to: { pathname: "/shop", search: "?x=1" } })).toBe(render(own, { to: { pathname: "/shop", search: "?x=1" } }));
  });

  it("should render the same HTML for a <NavLink>, active and not", () => {
    for (const to of ["/th/shop", "/th/shop/classic-logo-tee", "/shop", "reviews"])
      expect(render(rewritten, { to, end: true }, { nav: true })).toBe(render(own, { to, end: true }, { nav: true }));
    expect(render(rewritten, { to: "/th/shop" }, { nav: true })).toContain('aria-current="page"');
  });
});
