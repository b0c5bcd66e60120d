import type { RouteConfigEntry } from "@react-router/dev/routes";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";

import routes from "~/routes";

import { backendTestCookies } from "./backend-sessions";
import { origin, shop } from "./worker";

/**
 * The door's body check (DESIGN §4.15, workers/form-body.ts): every page action — every route
 * module of app/routes.ts that exports `action` — answers a body that is not a form 415, a broken
 * form or one Conform cannot read (a forged `__intent__`, a list index past any form's rows) 400
 * and a too-large one 413, with the error page in the page's language, never 5xx, and
 * writes nothing. The list of routes is read from app/routes.ts and the route modules themselves,
 * so an action route added later is tested the day it is added.
 */

// app/routes.ts uses React Router's helpers, which workerd cannot load (CommonJS lodash); these
// stand-ins build the same plain entries (see backend-permissions.spec.ts).
vi.mock("@react-router/dev/routes", () => {
  type Options = { id?: string };
  const split = (optionsOrChildren: unknown, children: unknown) =>
    Array.isArray(optionsOrChildren) || !optionsOrChildren
      ? { options: {} as Options, children: optionsOrChildren as RouteConfigEntry[] | undefined }
      : { options: optionsOrChildren as Options, children: children as RouteConfigEntry[] | undefined };
  return {
    route: (path: string | null, file: string, optionsOrChildren?: unknown, children?: unknown) => {
      const parts = split(optionsOrChildren, children);
      return { file, path: path ?? undefined, id: parts.options.id, children: parts.children };
    },
    index: (file: string, options?: Options) => ({ file, index: true, id: options?.id }),
    layout: (file: string, optionsOrChildren?: unknown, children?: unknown) => {
      const parts = split(optionsOrChildren, children);
      return { file, id: parts.options.id, children: parts.children };
    },
  };
});

// Every route module's source, to see which export an action.
const routeSources = import.meta.glob<string>("../../app/routes/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
const exportsAction = /export\s+(?:async\s+)?(?:function\s+action\b|const\s+action\b)/;
const actionFiles = new Set(
  Object.entries(routeSources)
    .filter(([, source]) => exportsAction.test(source))
    .map(([path]) => path.replace("../../app/", "")),
);

interface FlatRoute {
  path: string;
  file: string;
}
function flatten(entries: readonly RouteConfigEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}
const actionRoutes = flatten(routes).filter((route) => actionFiles.has(route.file));
/** Params become 1 (the door answers before any loader reads them). */
const actionPaths = [...new Set(actionRoutes.map((route) => `/${route.path.replace(/:\w+\??/g, "1")}`))];
const englishPaths = actionPaths.filter((path) => !path.startsWith("/th/") && path !== "/th");
const thaiPaths = actionPaths.filter((path) => path.startsWith("/th/"));
/** Resource routes (a .ts module) answer the status without a page. */
const resourcePaths = new Set(actionRoutes.filter((route) => route.file.endsWith(".ts")).map((route) => `/${route.path.replace(/:\w+\??/g, "1")}`));

interface BadBody {
  name: string;
  status: number;
  init: () => { body?: BodyInit; headers: Record<string, string> };
}
const tooLargeForm = (bytes: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const chunk = new TextEncoder().encode(`a=${"x".repeat(64 * 1024 - 2)}`);
      for (let sent = 0; sent <= bytes; sent += chunk.byteLength) controller.enqueue(chunk);
      controller.close();
    },
  });
const badBodies: BadBody[] = [
  {
    name: "JSON",
    status: 415,
    init: () => ({ body: JSON.stringify({ email: "a@example.test", password: "x" }), headers: { "content-type": "application/json" } }),
  },
  { name: "plain text", status: 415, init: () => ({ body: "email=a@example.test", headers: { "content-type": "text/plain" } }) },
  { name: "a body without a content type", status: 415, init: () => ({ body: new TextEncoder().encode("email=a"), headers: {} }) },
  { name: "no body at all", status: 415, init: () => ({ headers: {} }) },
  { name: "multipart without a boundary", status: 400, init: () => ({ body: "--x\r\n", headers: { "content-type": "multipart/form-data" } }) },
  { name: "a broken multipart body", status: 400, init: () => ({ body: "%%%not-a-form", headers: { "content-type": "multipart/form-data; boundary=x" } }) },
  // Forms Conform cannot read (app/ui/form/sound-form.ts): each would be a 500 or a runaway list in any action that parses it.
  { name: "a forged __intent__", status: 400, init: () => ({ body: "__intent__=x&name=a", headers: { "content-type": "application/x-www-form-urlencoded" } }) },
  {
    name: "a list index past any form's rows",
    status: 400,
    init: () => ({ body: "a%5B99999999%5D=1&intent=save", headers: { "content-type": "application/x-www-form-urlencoded" } }),
  },
  {
    name: "a forged __intent__ in a multipart form",
    status: 400,
    init: () => ({
      body: '--x\r\nContent-Disposition: form-data; name="__intent__"\r\n\r\nx\r\n--x--\r\n',
      headers: { "content-type": "multipart/form-data; boundary=x" },
    }),
  },
  {
    name: "a form over 4 MB",
    status: 413,
    init: () => ({ body: tooLargeForm(4 * 1024 * 1024), headers: { "content-type": "application/x-www-form-urlencoded" } }),
  },
];

let cookies: Awaited<ReturnType<typeof backendTestCookies>>;
/** Staff pages are posted by an administrator, the rest by a signed-in customer: the door answers before either is looked at. */
function viewerCookie(path: string): Record<string, string> {
  return /^\/(?:th\/)?backend\//.test(path) && !/\/backend\/login$/.test(path) ? cookies["staff-1"] : cookies.customer;
}

function post(path: string, bad: BadBody, cookie: Record<string, string>): Promise<Response> {
  const { body, headers } = bad.init();
  return shop.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      body,
      headers: { origin, ...headers, ...cookie },
      redirect: "manual",
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit),
  );
}

/** Every row of every table (and every stored file), to show a refused request wrote nothing. */
async function snapshot(): Promise<string> {
  const tables = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE '%_fts%' ORDER BY name`,
  ).all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    parts.push(
      `${name}:${rows.results
        .map((row) => JSON.stringify(row))
        .sort()
        .join(",")}`,
    );
  }
  const media = await env.MEDIA.list({ limit: 1000 });
  parts.push(`media:${media.objects.map((object) => `${object.key}@${object.etag}`).join(",")}`);
  return parts.join("\n");
}

let before = "";
beforeAll(async () => {
  cookies = await backendTestCookies();
  before = await snapshot();
});

describe("the action routes this test walks", () => {
  it("should include every route module that exports an action, in both languages", () => {
    const walked = new Set(actionRoutes.map((route) => route.file));
    expect([...actionFiles].filter((file) => !walked.has(file))).toEqual([]);
    expect(actionFiles.size).toBeGreaterThan(40);
    expect(englishPaths).toEqual(
      expect.arrayContaining([
        "/login",
        "/register",
        "/forgot-password",
        "/reset-password",
        "/register-pryde-affiliate-account",
        "/backend/login",
        "/custom/select/1/designs",
        "/change-currency",
      ]),
    );
    expect(thaiPaths).toEqual(expect.arrayContaining(["/th/login", "/th/backend/login"]));
  });
});

describe("a page action given a body that is not a readable form", () => {
  it.each(badBodies.map((bad) => [bad.name, bad] as const))("given %s, should answer its 4xx on every action route", async (_name, bad) => {
    const answers: string[] = [];
    for (const path of englishPaths) {
      const response = await post(path, bad, viewerCookie(path));
      await response.arrayBuffer();
      answers.push(`${path} ${response.status}`);
    }
    expect(answers).toEqual(englishPaths.map((path) => `${path} ${bad.status}`));
  });

  it("given JSON on a Thai page, should answer 415 with the error page in Thai", async () => {
    const answers: string[] = [];
    for (const path of thaiPaths) {
      const response = await post(path, badBodies[0]!, viewerCookie(path));
      const html = await response.text();
      const thaiErrorPage = html.includes('lang="th"') && html.includes('data-testid="error-page"') && html.includes("เกิดข้อผิดพลาด");
      answers.push(`${path} ${response.status} ${resourcePaths.has(path) || thaiErrorPage}`);
    }
    expect(answers).toEqual(thaiPaths.map((path) => `${path} 415 true`));
  });

  it("given JSON on /login, should answer the error page in English with no cookie", async () => {
    const response = await post("/login", badBodies[0]!, {});
    expect(response.status).toBe(415);
    expect(response.headers.get("set-cookie")).toBeNull();
    const html = await response.text();
    expect(html).toContain('data-testid="error-page"');
    expect(html).toContain('lang="en"');
  });
});

describe("a refused body writes nothing", () => {
  it("should leave every table and the media bucket as they were", async () => {
    for (const path of englishPaths.slice(0, 10)) await (await post(path, badBodies[0]!, viewerCookie(path))).arrayBuffer();
    expect(await snapshot()).toBe(before);
  });
});
