import { LayoutDashboard, LogOut, Menu, Store, X } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link, type UIMatch, useLocation, useMatches } from "react-router";

import { type BackendFrameData, type BackofficeMenuGroup, currentMenuEntry, currentMenuGroup } from "~/features/backoffice/menu";
import { type Locale, localizePath, stripLocale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { Breadcrumbs } from "../breadcrumb-trail";
import type { BreadcrumbHandle, BreadcrumbItem } from "../breadcrumbs";
import { commandButtonProps, useCloseOnNavigation } from "../dialog-commands";
import { LanguageSwitcher } from "../preference-switchers";
import { UiProviders } from "../ui-providers";
import { BackendMenu } from "./backend-menu";

export const backendDrawerId = "backend-drawer";

/**
 * The back-office frame (spec §2 "Back-office layout"): a top bar (menu button on phones, name and
 * role, language, the shop, sign-out), the menu as a permanent sidebar from `lg` and as a native
 * <dialog> drawer on smaller screens, breadcrumbs and the page. Used by the layout and its error
 * boundary, so errors keep the frame.
 */
export function BackendFrame({ locale, frame, children }: { locale: Locale; frame: BackendFrameData; children: ReactNode }) {
  const { t } = useTranslation("backend");
  const { pathname } = useLocation();
  const breadcrumbs = useBackendBreadcrumbs(frame.menu, locale);
  if (useIsPrintView()) {
    return (
      <UiProviders>
        <main id="main" className="mx-auto w-full max-w-5xl bg-surface p-4 print:max-w-none print:p-0" data-testid="print-view">
          {children}
        </main>
      </UiProviders>
    );
  }
  return (
    <UiProviders>
      <div className="flex min-h-dvh flex-col bg-surface-muted print:bg-surface">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-primary"
        >
          {t("actions.skipToContent")}
        </a>
        <BackendTopBar locale={locale} staff={frame.staff} />
        <BackendDrawer frame={frame} pathname={pathname} />
        <div className="flex flex-1">
          <aside className="hidden w-64 shrink-0 border-r border-line bg-surface lg:block print:hidden" data-testid="backend-sidebar">
            <nav aria-label={t("frame.menu")} className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto">
              <BackendMenu menu={frame.menu} attentionCount={frame.attentionCount} pathname={pathname} testId="backend-menu" />
            </nav>
          </aside>
          <div className="flex min-w-0 flex-1 flex-col">
            <div className="print:hidden">
              <Breadcrumbs items={breadcrumbs} locale={locale} />
            </div>
            <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 print:max-w-none print:p-0" tabIndex={-1}>
              {children}
            </main>
          </div>
        </div>
      </div>
    </UiProviders>
  );
}

/**
 * A page meant for paper — a list's `?print=1`, the packing slips (`handle.printView`) — is shown
 * without the frame: no bars, menu or breadcrumbs, only the page. (Printing any other page drops the
 * frame too, through the print: classes.)
 */
export function useIsPrintView(): boolean {
  const matches = useMatches();
  const { search } = useLocation();
  return new URLSearchParams(search).get("print") === "1" || matches.some((match) => (match.handle as { printView?: boolean } | undefined)?.printView === true);
}

const iconButton =
  "inline-flex items-center justify-center gap-1.5 rounded-md p-2 text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary";

function roleKey(roleId: number) {
  return ([1, 2, 3, 4, 5].includes(roleId) ? `roles.${roleId}` : "roles.unknown") as "roles.unknown";
}

function BackendTopBar({ locale, staff }: { locale: Locale; staff: BackendFrameData["staff"] }) {
  const { t } = useTranslation("backend");
  const to = (path: string) => localizePath(locale, path);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface print:hidden" data-testid="backend-top-bar">
      <div className="flex h-14 items-center gap-2 px-2 md:px-4">
        <button
          {...commandButtonProps(backendDrawerId, "show-modal")}
          className={`${iconButton} lg:hidden`}
          aria-label={t("frame.openMenu")}
          aria-haspopup="dialog"
          data-testid="backend-menu-button"
        >
          <Menu className="size-6" aria-hidden />
        </button>
        <Link to={to("/backend/dashboard")} className="flex items-center gap-2 rounded-md px-1 font-bold focus-visible:outline-2 focus-visible:outline-primary">
          <LayoutDashboard className="size-5 text-primary" aria-hidden />
          <span>Pryde</span>
          <span className="hidden font-normal text-ink-muted sm:inline">{t("title")}</span>
        </Link>
        <div className="ml-auto flex items-center gap-1 md:gap-3">
          <p className="hidden text-right text-sm leading-tight md:block" data-testid="backend-staff">
            <span className="sr-only">{t("frame.signedInAs", { name: "" })}</span>
            <span className="block font-semibold">{staff.fullName}</span>
            <span className="block text-ink-muted">{t(roleKey(staff.roleId))}</span>
          </p>
          <LanguageSwitcher locale={locale} />
          <Link to={to("/")} reloadDocument discover="none" className={iconButton} data-testid="backend-storefront-link">
            <Store className="size-5" aria-hidden />
            <span className="sr-only md:not-sr-only md:text-sm">{t("frame.storefront")}</span>
          </Link>
          {/* A real form: signing out works before JavaScript loads and reloads the whole page. */}
          <form method="post" action={to("/logout")}>
            <button type="submit" className={iconButton} data-testid="backend-logout">
              <LogOut className="size-5" aria-hidden />
              <span className="sr-only md:not-sr-only md:text-sm">{t("frame.logout")}</span>
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}

function BackendDrawer({ frame, pathname }: { frame: BackendFrameData; pathname: string }) {
  const { t } = useTranslation("backend");
  const ref = useRef<HTMLDialogElement>(null);
  useCloseOnNavigation(ref);
  const titleId = `${backendDrawerId}-title`;
  return (
    <dialog
      ref={ref}
      id={backendDrawerId}
      closedby="any"
      aria-labelledby={titleId}
      className="drawer m-0 h-dvh max-h-none w-[300px] max-w-[85vw] flex-col bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/40 open:flex"
      data-testid="backend-drawer"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <div>
          <h2 id={titleId} className="text-lg font-bold">
            {t("title")}
          </h2>
          <p className="text-sm text-ink-muted">
            {frame.staff.fullName} · {t(roleKey(frame.staff.roleId))}
          </p>
        </div>
        <button {...commandButtonProps(backendDrawerId, "close")} className="btn-ghost -mr-2 p-2" aria-label={t("frame.closeMenu")}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <nav aria-label={t("frame.menu")} className="flex-1 overflow-y-auto">
        <BackendMenu menu={frame.menu} attentionCount={frame.attentionCount} pathname={pathname} testId="backend-drawer-menu" />
      </nav>
    </dialog>
  );
}

function hasBreadcrumb(handle: unknown): handle is BreadcrumbHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as BreadcrumbHandle).breadcrumb === "function";
}

/**
 * Back-office breadcrumbs: "Back office", then the page's menu group and entry (from the menu, so
 * every page has them without asking), then whatever steps the page adds in `handle.breadcrumb`
 * (e.g. "Edit #3" on a -form page). The last step is the current page.
 */
export function useBackendBreadcrumbs(menu: readonly BackofficeMenuGroup[], locale: Locale): BreadcrumbItem[] {
  const { t } = useTranslation("backend");
  const matches = useMatches() as UIMatch[];
  const { pathname } = useLocation();
  const items: BreadcrumbItem[] = [{ text: t("title"), to: "/backend/dashboard" }];
  const group = currentMenuGroup(pathname);
  const entry = currentMenuEntry(menu, pathname);
  const groupEntries = menu.find((candidate) => candidate.group === group)?.entries ?? [];
  if (group && groupEntries.length > 1) items.push({ text: t(`menu.groups.${group}` as "menu.groups.dashboard") });
  if (entry) items.push({ text: t(`menu.entries.${entry.key}` as "menu.entries.dashboard"), to: stripLocale(entry.to) });
  const pageSteps = matches.flatMap((match) =>
    hasBreadcrumb(match.handle) ? match.handle.breadcrumb({ data: match.loaderData, matches, locale, t: t as never }) : [],
  );
  // The bar shows the last step as the current page (not a link).
  return [...items, ...pageSteps];
}
