import { config } from "zod";
import { formErrorMap } from "~/ui/form/form-messages";

// Our Content-Security-Policy has no 'unsafe-eval' (workers/security-headers.ts). Before its first
// parse Zod probes `new Function`; the probe fails quietly, but Chromium still reports it as a CSP
// violation. Without the probe Zod validates the same way, only without its compiled fast path.
// Every Zod issue becomes one of the kit's message keys ("tooLong:45"), on the server and in the
// browser alike, so forms call Conform's `parseWithZod` as it is and show the keys in the page's language.
// Imported first by root.tsx, the first route module the browser evaluates, so it runs before any
// route module builds or parses a schema.
config({ jitless: true, customError: formErrorMap });
