import { clsx } from "clsx";
import { type LucideIcon, Newspaper, Palette, Receipt, Store, UserRound } from "lucide-react";
import { NavLink } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import type { StorefrontCustomer } from "./storefront-menu";

type BottomItem = { path: string; label: "menu.shop" | "menu.activities" | "menu.custom" | "menu.purchase" | "menu.profile"; icon: LucideIcon };

const everyone: BottomItem[] = [
  { path: "/shop", label: "menu.shop", icon: Store },
  { path: "/activities", label: "menu.activities", icon: Newspaper },
  { path: "/custom", label: "menu.custom", icon: Palette },
];
/** Spec: shown only to signed-in customers, with the short labels "purchase" and "profile". */
const customersOnly: BottomItem[] = [
  { path: "/my-purchase", label: "menu.purchase", icon: Receipt },
  { path: "/my-profile", label: "menu.profile", icon: UserRound },
];

/** Spec §2 mobile bottom bar (phones only). */
export function BottomBar({ locale, customer }: { locale: Locale; customer: StorefrontCustomer | null }) {
  const { t } = useTranslation();
  const items = customer ? [...everyone, ...customersOnly] : everyone;
  return (
    <nav
      aria-label={t("menu.quickLinks")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
      data-testid="bottom-bar"
    >
      <ul className="flex">
        {items.map(({ path, label, icon: Icon }) => (
          <li key={path} className="flex-1">
            <NavLink
              to={localizePath(locale, path)}
              className={({ isActive }) =>
                clsx(
                  "flex h-14 flex-col items-center justify-center gap-0.5 text-xs focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
                  isActive ? "font-semibold text-primary-dark" : "text-ink-muted",
                )
              }
            >
              <Icon className="size-5" aria-hidden />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
