import type { Config } from "@react-router/dev/config";

import { buildDirectory, buildPart } from "./app/build-part";

export default {
  ssr: true,
  // The storefront's and the back office's Workers are separate builds (app/build-part.ts).
  buildDirectory: buildDirectory(buildPart()),
} satisfies Config;
