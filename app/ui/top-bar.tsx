import { clsx } from "clsx";
import { ChevronDown, LayoutDashboard, Menu, Search, ShoppingBag, UserRound } from "lucide-react";
import { Link, NavLink } from "react-router";

import type { CurrencyCode } from "~/domain/currency";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { commandButtonProps, mobileDrawerId, searchDialogId } from "./dialog-commands";
import { Logo } from "./logo";
import { CurrencySwitcher, LanguageSwitcher } from "./preference-switchers";
import { categoryName, categoryPath, type StorefrontCategory, type StorefrontCustomer, topMenu } from "./storefront-menu";
import { useHydrated } from "./use-hydrated";

const iconButton =
  "relative inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary";

/**
 * Spec §2 top bar. One header, two arrangements by breakpoint: phones get the drawer button, logo
 * and the search/cart/sign-in icons (language and currency live in the drawer); from `md` the menu,
 * currency and language switchers join the bar. The shop's category submenu opens on hover or
 * keyboard focus (CSS only).
 */
export function TopBar({
  locale,
  siteName,
  categories,
  cartQuantity,
  currency,
  customer,
  isStaff = false,
}: {
  locale: Locale;
  siteName: string;
  categories: StorefrontCategory[];
  cartQuantity: number;
  currency: CurrencyCode;
  customer: StorefrontCustomer | null;
  /** Staff have no cart (spec §2, §6): no cart icon, and a dashboard icon instead of sign-in. */
  isStaff?: boolean;
}) {
  const { t } = useTranslation();
  // For tests that need to know the page's own code runs (the frame dialogs' code loads later, app/ui/deferred-part.tsx).
  const hydrated = useHydrated();
  const to = (path: string) => localizePath(locale, path);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur" data-testid="top-bar" data-hydrated={hydrated ? "true" : undefined}>
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-2 md:h-16 md:gap-4 md:px-4">
        <button
          {...commandButtonProps(mobileDrawerId, "show-modal")}
          className={clsx(iconButton, "md:hidden")}
          aria-label={t("actions.openMenu")}
          aria-haspopup="dialog"
        >
          <Menu className="size-6" aria-hidden />
        </button>
        <Logo locale={locale} siteName={siteName} />

        <nav aria-label={t("drawer.title")} className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {topMenu.map((item) =>
              item.path === "/shop" ? (
                <li key={item.path} className="group relative">
                  <NavLink to={to(item.path)} className={menuLinkClass} aria-haspopup="true">
                    {t(item.label)}
                    <ChevronDown className="size-4 transition-transform group-focus-within:rotate-180 group-hover:rotate-180" aria-hidden />
                  </NavLink>
                  <div className="invisible absolute top-full left-0 z-40 pt-2 opacity-0 transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                    <ul className="min-w-56 rounded-lg border border-line bg-surface py-2 shadow-lg" data-testid="category-submenu">
                      <li>
                        <Link to={to("/shop")} className={submenuLinkClass}>
                          {t("menu.allProducts")}
                        </Link>
                      </li>
                      {categories.map((category) => (
                        <li key={category.id}>
                          <Link to={to(categoryPath(category.id))} className={submenuLinkClass}>
                            {categoryName(category, locale)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                </li>
              ) : (
                <li key={item.path}>
                  <NavLink to={to(item.path)} className={"highlight" in item ? customLinkClass : menuLinkClass}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 md:gap-2">
          <button {...commandButtonProps(searchDialogId, "show-modal")} className={iconButton} aria-haspopup="dialog">
            <Search className="size-5" aria-hidden />
            <span className="sr-only">{t("actions.search")}</span>
          </button>
          <div className="hidden items-center gap-2 md:flex">
            <CurrencySwitcher currency={currency} idPrefix="top-bar" />
            <LanguageSwitcher locale={locale} />
          </div>
          {isStaff ? null : (
            <Link to={to("/cart")} className={iconButton} data-testid="cart-link">
              <ShoppingBag className="size-6" aria-hidden />
              <span className="sr-only">{cartQuantity > 0 ? t("cart.badge", { count: cartQuantity }) : t("menu.cart")}</span>
              {cartQuantity > 0 ? (
                <span
                  className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-error px-1 text-center text-xs leading-5 font-bold text-white"
                  aria-hidden
                  data-testid="cart-badge"
                >
                  {cartQuantity > 99 ? "99+" : cartQuantity}
                </span>
              ) : null}
            </Link>
          )}
          {isStaff ? (
            <Link to={to("/backend/dashboard")} reloadDocument discover="none" data-reload-document className={iconButton} data-testid="dashboard-link">
              <LayoutDashboard className="size-6" aria-hidden />
              <span className="sr-only">{t("menu.dashboard")}</span>
            </Link>
          ) : customer ? (
            <Link to={to("/my-profile")} className={iconButton} data-testid="account-link">
              <UserRound className="size-6" aria-hidden />
              <span className="sr-only">{t("menu.myProfile")}</span>
            </Link>
          ) : (
            <Link to={to("/login")} className={iconButton} data-testid="login-link">
              <UserRound className="size-6" aria-hidden />
              <span className="sr-only">{t("menu.login")}</span>
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "flex items-center gap-1 rounded-md px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-primary",
    isActive ? "text-primary-dark" : "text-ink hover:bg-surface-muted",
  );

const customLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "flex items-center rounded-full px-4 py-1.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    isActive ? "bg-primary-dark text-white" : "bg-primary/10 text-primary-dark ring-1 ring-primary/40 hover:bg-primary/20",
  );

const submenuLinkClass = "block px-4 py-2 hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-none";
