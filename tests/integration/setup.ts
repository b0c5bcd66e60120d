import "~/zod-setup";

import { env } from "cloudflare:workers";
import { inject } from "vitest";

import { restoreSeededState } from "./seeded-state";

// Each test file starts from its own copy of the database and media the run migrated and seeded once (global-setup.ts).
await restoreSeededState(env.DB, env.MEDIA, inject("seededState"));
