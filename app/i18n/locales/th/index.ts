import backend from "./backend";
import staff from "./staff";
import affiliate from "./affiliate";
import account from "./account";
import auth from "./auth";
import catalog from "./catalog";
import common from "./common";
import errors from "./errors";
import terms from "./terms";
import content from "./content";
import inventory from "./inventory";
import gallery from "./gallery";
import shop from "./shop";
import search from "./search";
import catalogAdmin from "./catalog-admin";
import contentAdmin from "./content-admin";
import payments from "./payments";

export default { common, errors, catalog, terms, backend, auth, staff, affiliate, account, content, inventory, gallery, shop, search, catalogAdmin, contentAdmin, payments };
