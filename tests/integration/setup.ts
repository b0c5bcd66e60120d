import "~/zod-setup";

import { env } from "cloudflare:workers";
import { inject } from "vitest";

import { setPasswordHashCost } from "~/features/accounts/password.server";
import { loadResources } from "~/i18n/resources";

import { restoreSeededState } from "./seeded-state";
import { newContentVersion } from "./worker";

// Tests call feature code (e-mails, jobs) directly too: the strings are there as every entry to the Worker makes them.
await loadResources();

// Each test file starts from its own copy of the database and media the run migrated and seeded once (global-setup.ts).
await restoreSeededState(env.DB, env.KV, env.MEDIA, inject("seededState"));
// The Worker stays loaded from file to file: its page cache and shared catalogue reads (in memory and in
// the Cache API) are keyed by the content version, so a version of this file's own keeps the previous
// file's pages and reads out of this one.
await newContentVersion();
// Hashes the tests write themselves (profile-helpers.ts) at the cost the Worker uses.
setPasswordHashCost(env.PASSWORD_HASH_COST);
