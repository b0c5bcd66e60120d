import { config } from "zod";

// Our Content-Security-Policy has no 'unsafe-eval' (workers/security-headers.ts). Before its first
// parse Zod probes `new Function`; the probe fails quietly, but Chromium still reports it as a CSP
// violation. Without the probe Zod validates the same way, only without its compiled fast path.
// Imported first by root.tsx, the first route module the browser evaluates, so it runs before any
// route module builds or parses a schema.
config({ jitless: true });
