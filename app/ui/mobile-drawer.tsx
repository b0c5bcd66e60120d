import { clsx } from "clsx";
import { ChevronRight, X } from "lucide-react";
import { useRef } from "react";
import { Form, Link, NavLink } from "react-router";

import type { CurrencyCode } from "~/domain/currency";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { commandButtonProps, mobileDrawerId, useCloseOnNavigation } from "./dialog-commands";
import { CurrencySwitcher, LanguageSwitcher } from "./preference-switchers";
import { categoryName, categoryPath, helpMenu, type StorefrontCategory, type StorefrontCustomer, topMenu } from "./storefront-menu";
import { useHydrated } from "./use-hydrated";

/**
 * Spec §2 mobile drawer (300 px): a native modal `<dialog>` sliding in from the left. Opens from
 * the top bar's menu button, closes with its Close button, Escape, a tap on the backdrop or when
 * a link inside is followed. Groups: categories (locale names → the shop filtered by category),
 * the top menu, help pages, language and currency; sign-out only for a signed-in customer.
 */
export function MobileDrawer({
  locale,
  siteName,
  categories,
  currency,
  customer,
}: {
  locale: Locale;
  siteName: string;
  categories: StorefrontCategory[];
  currency: CurrencyCode;
  customer: StorefrontCustomer | null;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  useCloseOnNavigation(ref);
  const to = (path: string) => localizePath(locale, path);
  const titleId = `${mobileDrawerId}-title`;
  return (
    <dialog
      ref={ref}
      id={mobileDrawerId}
      closedby="any"
      aria-labelledby={titleId}
      className="drawer m-0 h-dvh max-h-none w-[300px] max-w-[85vw] flex-col bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/40 open:flex"
      data-testid="mobile-drawer"
      data-hydrated={hydrated ? "true" : undefined}
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id={titleId} className="text-lg font-bold">
          {siteName}
          <span className="sr-only"> — {t("drawer.title")}</span>
        </h2>
        <button {...commandButtonProps(mobileDrawerId, "close")} className="btn-ghost -mr-2 p-2" aria-label={t("actions.closeMenu")}>
          <X className="size-5" aria-hidden />
        </button>
      </div>

      <nav aria-label={t("drawer.title")} className="flex-1 overflow-y-auto py-2">
        <DrawerGroup title={t("drawer.categories")}>
          <DrawerLink to={to("/shop")} end>
            {t("menu.allProducts")}
          </DrawerLink>
          {categories.map((category) => (
            <li key={category.id}>
              <Link to={to(categoryPath(category.id))} className={drawerLinkBase}>
                {categoryName(category, locale)}
                <ChevronRight className="ml-auto size-4 text-ink-muted" aria-hidden />
              </Link>
            </li>
          ))}
        </DrawerGroup>
        <Divider />
        <DrawerGroup title={t("drawer.title")}>
          {topMenu.map((item) => (
            <DrawerLink key={item.path} to={to(item.path)} highlight={"highlight" in item}>
              {t(item.label)}
            </DrawerLink>
          ))}
          <DrawerLink to={to("/activities")}>{t("menu.activities")}</DrawerLink>
        </DrawerGroup>
        <Divider />
        <DrawerGroup title={t("drawer.help")}>
          {helpMenu.map((item) => (
            <DrawerLink key={item.path} to={to(item.path)}>
              {t(item.label)}
            </DrawerLink>
          ))}
        </DrawerGroup>
        <Divider />
        <section className="space-y-3 px-4 py-2" aria-labelledby="drawer-settings">
          <h3 id="drawer-settings" className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t("drawer.settings")}
          </h3>
          <LanguageSwitcher locale={locale} />
          <CurrencySwitcher currency={currency} idPrefix="drawer" />
        </section>
        {customer ? (
          <>
            <Divider />
            <Form method="post" action={to("/logout")} className="px-2 py-2">
              <button type="submit" className={clsx(drawerLinkBase, "w-full text-left")}>
                {t("menu.logout")}
              </button>
            </Form>
          </>
        ) : null}
      </nav>
    </dialog>
  );
}

const drawerLinkBase = "flex items-center gap-2 rounded-md px-3 py-2.5 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary";

function DrawerGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="px-2 py-2">
      <h3 className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      <ul>{children}</ul>
    </section>
  );
}

function DrawerLink({ to, end, highlight, children }: { to: string; end?: boolean; highlight?: boolean; children: React.ReactNode }) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          clsx(drawerLinkBase, highlight && "font-semibold text-primary-dark", isActive && "bg-primary/10 font-semibold text-primary-dark")
        }
      >
        {children}
      </NavLink>
    </li>
  );
}

function Divider() {
  return <hr className="mx-4 border-line" />;
}
