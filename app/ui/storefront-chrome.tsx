import type { ReactNode } from "react";
import { Link } from "react-router";

import type { StorefrontChrome } from "~/features/content/site.server";
import { type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { deferredPartNamespaces } from "~/i18n/route-namespaces";
import { useTranslation } from "~/i18n/translation";
import { useRootData } from "~/root";

import { useBreadcrumbs } from "./breadcrumbs";
import { deferredPart, keptPart } from "./deferred-part";
import { membershipTermsDialogId, mobileDrawerId, searchDialogId } from "./dialog-commands";
import { ScrollToTop } from "./scroll-to-top";
import type { StorefrontCustomer } from "./storefront-menu";
import { UiProviders } from "./ui-providers";

// The frame's dialogs are server-rendered and work before (or without) JavaScript; the browser
// downloads their code and strings when one is first used (app/ui/deferred-part.tsx).
const SearchDialog = deferredPart(() => import("./search-dialog").then((module) => module.SearchDialog), {
  dialogId: searchDialogId,
  namespaces: deferredPartNamespaces["ui/search-dialog.tsx"],
});
const MobileDrawer = deferredPart(() => import("./mobile-drawer").then((module) => module.MobileDrawer), { dialogId: mobileDrawerId });
const MembershipTermsDialog = deferredPart(() => import("./membership-terms-dialog").then((module) => module.MembershipTermsDialog), {
  dialogId: membershipTermsDialogId,
  namespaces: deferredPartNamespaces["ui/membership-terms-dialog.tsx"],
});

// The browser keeps the server's HTML of these and skips their code until what they show changes
// (app/ui/deferred-part.tsx). The footer never changes; the top bar's and the breadcrumbs' links
// depend on the address (the current page, the switchers' `next`, the trail's JSON-LD), the bottom
// bar's on the path (its current page).
const Footer = keptPart(() => import("./footer").then((module) => module.Footer), "footer");
const TopBar = keptPart(() => import("./top-bar").then((module) => module.TopBar), "top-bar", { dependsOn: ({ pathname, search }) => pathname + search });
const Breadcrumbs = keptPart(() => import("./breadcrumb-trail").then((module) => module.Breadcrumbs), "breadcrumbs", {
  dependsOn: ({ pathname, search }) => pathname + search,
});
const BottomBar = keptPart(() => import("./bottom-bar").then((module) => module.BottomBar), "bottom-bar", { dependsOn: ({ pathname }) => pathname });

/** What the storefront layout loader returns (a type-only import: no server code reaches the client). */
export type ChromeData = StorefrontChrome;

export function siteNameFor(site: ChromeData["site"], locale: Locale): string {
  return localized(site, "name", locale) || "Pryde";
}

/**
 * Spec §2 shopper layout: top bar, mobile drawer, breadcrumbs, the page, footer, mobile bottom
 * bar, scroll-to-top and the membership-terms dialog, plus the snackbar and overlay providers.
 * Used by the storefront layout route and by its error boundary, so errors keep the shop's frame.
 */
/** Issue 3: an unverified customer can shop but is reminded, with a way to get a new link. */
function VerifyEmailReminder({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <div className="border-b border-line bg-surface-muted" data-testid="verify-reminder" role="status">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <span>{t("verifyReminder.text")}</span>
        <Link to={localizePath(locale, "/verify")} className="font-semibold text-primary-dark underline">
          {t("verifyReminder.action")}
        </Link>
      </p>
    </div>
  );
}

export function StorefrontChrome({ locale, chrome, children }: { locale: Locale; chrome: ChromeData; children: ReactNode }) {
  const { t } = useTranslation();
  const rootData = useRootData();
  const currency = rootData?.currency ?? "THB";
  // Spec §2 top bar: customers get their account, staff the back office and no cart, guests sign-in.
  const viewer = rootData?.viewer;
  const customer: StorefrontCustomer | null = viewer?.kind === "customer" ? { displayName: viewer.firstName } : null;
  const isStaff = viewer?.kind === "staff";
  const breadcrumbs = useBreadcrumbs(locale);
  const siteName = siteNameFor(chrome.site, locale);
  const { site } = chrome;
  return (
    <UiProviders>
      <div className="flex min-h-dvh flex-col pb-14 md:pb-0">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-primary"
        >
          {t("actions.skipToContent")}
        </a>
        <TopBar
          locale={locale}
          siteName={siteName}
          categories={chrome.categories}
          cartQuantity={chrome.cartQuantity}
          currency={currency}
          customer={customer}
          isStaff={isStaff}
        />
        <MobileDrawer locale={locale} siteName={siteName} categories={chrome.categories} currency={currency} customer={customer} />
        <SearchDialog locale={locale} />
        {viewer?.kind === "customer" && !viewer.emailVerified ? <VerifyEmailReminder locale={locale} /> : null}
        <Breadcrumbs items={breadcrumbs} locale={locale} />
        <main id="main" className="flex-1" tabIndex={-1}>
          {children}
        </main>
        <Footer
          locale={locale}
          site={{
            name: siteName,
            address: localized(site, "address", locale),
            phone: site.phone,
            email: site.email,
            facebook: site.facebook,
            instagram: site.instagram,
            line: site.line,
          }}
        />
        <BottomBar locale={locale} customer={customer} />
        <ScrollToTop />
        <MembershipTermsDialog locale={locale} company={siteName} email={site.email} />
      </div>
    </UiProviders>
  );
}
