// `npm run build`: the storefront's Worker (build/) and the back office's (build-office/), app/build-part.ts.
import { buildShop } from "./lib/local";

await buildShop();
