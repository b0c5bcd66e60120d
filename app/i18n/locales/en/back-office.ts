import api from "./api";
import backend from "./backend";
import billing from "./billing";
import catalogAdmin from "./catalog-admin";
import contentAdmin from "./content-admin";
import customReview from "./custom-review";
import customizeAdmin from "./customize-admin";
import gallery from "./gallery";
import inventory from "./inventory";
import lists from "./lists";
import ordersAdmin from "./orders-admin";
import outbox from "./outbox";
import promotions from "./promotions";
import reports from "./reports";
import reviewsAdmin from "./reviews-admin";
import staff from "./staff";

/**
 * Namespaces only /backend pages (and the JSON API) use: a shopper's browser never downloads them
 * (app/entry.client.tsx).
 */
export default {
  api,
  backend,
  lists,
  staff,
  inventory,
  gallery,
  catalogAdmin,
  contentAdmin,
  customizeAdmin,
  customReview,
  ordersAdmin,
  outbox,
  promotions,
  billing,
  reports,
  reviewsAdmin,
};
