import {
  attributeListColumns,
  attributeListDefinition,
  categoryListColumns,
  categoryListDefinition,
  productListColumns,
  productListDefinition,
  productTypeListColumns,
  productTypeListDefinition,
} from "./catalog-lists";
import { listAdminProducts } from "./products-admin.server";
import { listAdminAttributes, listAdminCategories, listAdminProductTypes } from "./taxonomy-admin.server";

/**
 * Each catalogue list as its page's loader and its CSV route hand it to the list kit
 * (app/features/backoffice/list-page.server.ts): the definition, the fetch, and the export's columns.
 */
export const catalogLists = {
  products: {
    definition: productListDefinition,
    fetch: listAdminProducts,
    csv: { namespace: "catalogAdmin", columns: productListColumns, filename: "products" },
  },
  categories: {
    definition: categoryListDefinition,
    fetch: listAdminCategories,
    csv: { namespace: "catalogAdmin", columns: categoryListColumns, filename: "categories" },
  },
  productTypes: {
    definition: productTypeListDefinition,
    fetch: listAdminProductTypes,
    csv: { namespace: "catalogAdmin", columns: productTypeListColumns, filename: "product-types" },
  },
  attributes: {
    definition: attributeListDefinition,
    fetch: listAdminAttributes,
    csv: { namespace: "catalogAdmin", columns: attributeListColumns, filename: "attributes" },
  },
} as const;
