import backend from "./backend";
import staff from "./staff";
import affiliate from "./affiliate";
import account from "./account";
import auth from "./auth";
import catalog from "./catalog";
import common from "./common";
import errors from "./errors";
import terms from "./terms";
import contentAdmin from "./content-admin";

export default { common, errors, catalog, terms, backend, auth, staff, affiliate, account, contentAdmin };
