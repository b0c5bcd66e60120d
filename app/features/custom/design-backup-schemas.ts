import { z } from "zod";

import { wholeNumber } from "~/ui/form/schema-fields";

/**
 * /custom/create_backup: deleting one of the shopper's own drafts (the list's one form; each row's
 * button posts its design's id). Any id that is not one of the viewer's drafts is "not found".
 */
export const deleteDraftSchema = z.object({ intent: z.literal("delete"), designId: wholeNumber(1, 999_999_999, "notFound") });
