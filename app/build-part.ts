/**
 * Which Worker a build is for (docs/decisions/0005-storefront-performance.md, "The back office in a
 * Worker of its own"): the storefront's ("shop", build/) or the back office's ("office",
 * build-office/). Unset ("all"): every route in one Worker, as the dev server and typegen see them.
 * Read by app/routes.ts, react-router.config.ts and vite.config.ts from `PRYDE_PART`, at build time.
 */
export type BuildPart = "all" | "shop" | "office";

export function buildPart(value: string | undefined = process.env.PRYDE_PART): BuildPart {
  if (value === undefined || value === "" || value === "all") return "all";
  if (value === "shop" || value === "office") return value;
  throw new Error(`PRYDE_PART must be "shop", "office" or unset, not ${JSON.stringify(value)}`);
}

/** Where each part's `react-router build` writes (the shop's keeps the single Worker's old place). */
export function buildDirectory(part: BuildPart): string {
  return part === "office" ? "build-office" : "build";
}
