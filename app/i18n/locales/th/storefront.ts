import account from "./account";
import affiliate from "./affiliate";
import auth from "./auth";
import cart from "./cart";
import catalog from "./catalog";
import common from "./common";
import content from "./content";
import custom from "./custom";
import documents from "./documents";
import errors from "./errors";
import exchanges from "./exchanges";
import forms from "./forms";
import payments from "./payments";
import purchases from "./purchases";
import reviews from "./reviews";
import search from "./search";
import shop from "./shop";
import terms from "./terms";
import tracking from "./tracking";

/**
 * Namespaces the storefront and account pages use. A shop page downloads only its routes' (app/i18n/route-namespaces.ts,
 * one chunk each: a new one goes into app/i18n/client-messages.ts too, a test checks); back-office pages load them all.
 */
export default {
  common,
  errors,
  forms,
  catalog,
  terms,
  auth,
  affiliate,
  account,
  content,
  shop,
  cart,
  search,
  payments,
  tracking,
  purchases,
  reviews,
  exchanges,
  custom,
  documents,
};
