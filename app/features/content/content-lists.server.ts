import { listActivities } from "./activities-admin.server";
import { listCollections } from "./collections-admin.server";
import {
  activityListColumns,
  activityListDefinition,
  collectionListColumns,
  collectionListDefinition,
  sizeGuideListColumns,
  sizeGuideListDefinition,
} from "./content-lists";
import { listSizeGuides } from "./size-guides-admin.server";

/**
 * Each home-content list as its page's loader and its CSV route hand it to the list kit
 * (app/features/backoffice/list-page.server.ts): the definition, the fetch, and the export's columns.
 */
export const contentLists = {
  activities: {
    definition: activityListDefinition,
    fetch: listActivities,
    csv: { namespace: "contentAdmin", columns: activityListColumns, filename: "activities" },
  },
  collections: {
    definition: collectionListDefinition,
    fetch: listCollections,
    csv: { namespace: "contentAdmin", columns: collectionListColumns, filename: "collections" },
  },
  sizeGuides: {
    definition: sizeGuideListDefinition,
    fetch: listSizeGuides,
    csv: { namespace: "contentAdmin", columns: sizeGuideListColumns, filename: "size-guides" },
  },
} as const;
