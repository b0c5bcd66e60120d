import "~/zod-setup";

import { env } from "cloudflare:workers";
import { inject } from "vitest";

import { setPasswordHashCost } from "~/features/accounts/password.server";
import { loadResources } from "~/i18n/resources";

import { restoreSeededState } from "./seeded-state";

// Tests call feature code (e-mails, jobs) directly too: the strings are there as every entry to the Worker makes them.
await loadResources();

// Each test file starts from its own copy of the database and media the run migrated and seeded once (global-setup.ts).
await restoreSeededState(env.DB, env.MEDIA, inject("seededState"));
// Hashes the tests write themselves (profile-helpers.ts) at the cost the Worker uses.
setPasswordHashCost(env.PASSWORD_HASH_COST);
