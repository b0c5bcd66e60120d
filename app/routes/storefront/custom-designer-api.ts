import { data } from "react-router";

import { designerApiAction } from "~/features/custom/designer-route.server";

import type { Route } from "./+types/custom-designer-api";

/**
 * The designer's JSON calls (POST /custom/select/{id}/designs): save a draft, upload an image,
 * prepare for sending. The contract is app/features/designer/designer-types.ts.
 */
export async function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  return designerApiAction(args);
}
