import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { listPresetImages } from "~/features/custom-admin/custom-admin.server";
import { presetImageListColumns, presetImageListDefinition } from "~/features/custom-admin/custom-admin-lists";

import type { Route } from "./+types/preset-images-export";

/** GET /backend/orders/preset-image/export.csv: the preset images as the list's query filters them, as CSV. Customize permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: presetImageListDefinition, fetch: listPresetImages },
    { namespace: "customizeAdmin", columns: presetImageListColumns, filename: "preset-images" },
  );
}
