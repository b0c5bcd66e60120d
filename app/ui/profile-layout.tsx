import { clsx } from "clsx";
import { LogOut, type LucideIcon, MapPin, Receipt, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

const accountLinks: { path: string; label: "menu.myProfile" | "menu.myAddress" | "menu.myPurchase"; icon: LucideIcon }[] = [
  { path: "/my-profile", label: "menu.myProfile", icon: UserRound },
  { path: "/my-address", label: "menu.myAddress", icon: MapPin },
  { path: "/my-purchase", label: "menu.myPurchase", icon: Receipt },
];

/**
 * Spec §2 "Profile layout": customer account pages with the account menu (profile, address
 * management, purchases, logout) on the left — desktop only; on phones the bottom bar and drawer
 * lead to these pages. Logout is a POST form to /logout, so it works without JavaScript.
 */
export function ProfileLayout({ locale, title, children }: { locale: Locale; title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-7xl gap-8 px-4 py-6">
      <nav aria-label={t("menu.account")} className="hidden w-56 shrink-0 md:block" data-testid="profile-menu">
        <ul className="space-y-1">
          {accountLinks.map(({ path, label, icon: Icon }) => (
            <li key={path}>
              <NavLink
                to={localizePath(locale, path)}
                className={({ isActive }) =>
                  clsx(
                    "flex items-center gap-3 rounded-md px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary",
                    isActive ? "bg-primary/10 font-semibold text-primary-dark" : "hover:bg-surface-muted",
                  )
                }
              >
                <Icon className="size-5" aria-hidden />
                {t(label)}
              </NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action={localizePath(locale, "/logout")}>
              <button
                type="submit"
                className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary"
              >
                <LogOut className="size-5" aria-hidden />
                {t("menu.logout")}
              </button>
            </Form>
          </li>
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        {title ? <h1 className="mb-4 text-2xl font-semibold">{title}</h1> : null}
        {children}
      </div>
    </div>
  );
}
