import { ensureBuild } from "./lib/local";

await ensureBuild();
