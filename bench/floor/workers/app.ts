import { createRequestHandler, type RequestHandler } from "react-router";

// Built once per isolate, as the shop's Worker does (workers/app.ts), so both pay the same per request.
let handler: RequestHandler | undefined;

export default {
  async fetch(request) {
    // What scripts/lib/local.ts waits for before a run.
    if (new URL(request.url).pathname === "/healthz") return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
    handler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
    return handler(request);
  },
} satisfies ExportedHandler;
