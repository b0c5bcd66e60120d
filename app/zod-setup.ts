import type { $ZodConfig } from "zod/v4/core";

import { formErrorMap } from "~/ui/form/form-messages";

// Our Content-Security-Policy has no 'unsafe-eval' (workers/security-headers.ts). Before its first
// parse Zod probes `new Function`; the probe fails quietly, but Chromium still reports it as a CSP
// violation. Without the probe Zod validates the same way, only without its compiled fast path.
// Every Zod issue becomes one of the kit's message keys ("tooLong:45"), on the server and in the
// browser alike, so forms call Conform's `parseWithZod` as it is and show the keys in the page's language.
// Imported first by root.tsx, the first route module the browser evaluates, so it runs before any
// route module builds or parses a schema.
// Zod keeps its configuration on globalThis (`z.config()` writes there, and zod-setup.test.ts checks
// that it still does): writing it directly keeps Zod's code out of pages that have no form (4 KiB
// gzip on every storefront page, issue 19). Zod reads it at each parse, so the order does not matter.
const shared = globalThis as { __zod_globalConfig?: Partial<$ZodConfig> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true, customError: formErrorMap });
