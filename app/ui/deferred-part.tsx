import { type ComponentType, lazy, startTransition, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";

import { loadNamespaces } from "~/i18n/client-messages";
import type { StorefrontNamespace } from "~/i18n/route-namespaces";

import { useHydrated } from "./use-hydrated";

/** Tells React to keep what the server rendered inside the element (the same object every render: nothing to update). */
const keepServerHtml = { __html: "" };

/**
 * A part of the frame that the browser needs only once it is used (issue 19: the search dialog, the
 * drawer, the terms dialog). The server renders it as usual — a native `<dialog>` opened by an
 * invoker-command button works with no JavaScript at all — and hydration keeps that HTML as it is
 * instead of downloading the component. On first use (its opening button is pointed at, focused or
 * pressed, or something inside it gets focus), its module and strings load and replace the HTML in
 * one commit, taking over the open dialog, typed text and focus. Mounted after hydration (an error
 * page's frame), it loads at once.
 *
 * `load` must be a dynamic import only (a static import of the module anywhere in the frame puts
 * it back in the frame's chunk). `namespaces` are the strings it loads with its code (listed in
 * app/i18n/route-namespaces.ts `deferredPartNamespaces`).
 */
export function deferredPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { dialogId, namespaces = [] }: { dialogId: string; namespaces?: readonly StorefrontNamespace[] },
): ComponentType<Props> {
  // The server renders the module itself: loaded when this module is, long before a page renders
  // (until then a page streams it a moment later, as React does with any lazy component).
  let onServer: ComponentType<Props> | null = null;
  if (import.meta.env.SSR) void load().then((component) => (onServer = component));
  const Live = lazy(() => Promise.all([load(), loadNamespaces(namespaces)]).then(([component]) => ({ default: component })));
  function DeferredPart(props: Props) {
    const hydrated = useHydrated();
    const [live, setLive] = useState(hydrated);
    // What the shopper was doing in the server's HTML when it was replaced (taken before React removes it).
    const handOver = useRef<HandOver | null>(null);
    const wake = useRef(() => {});
    wake.current = () => {
      // A transition: React keeps the server's HTML on screen until the module is there.
      if (!live) startTransition(() => setLive(true));
    };

    useEffect(() => {
      if (live) return;
      // Opened before the page was hydrated (invoker commands need no JavaScript): take it over now.
      if (document.getElementById(dialogId)?.hasAttribute("open")) wake.current();
      const fromOpener = (event: Event) => {
        if (event.target instanceof Element && event.target.closest(`[commandfor="${dialogId}"]`)) wake.current();
      };
      const events = ["pointerover", "pointerdown", "focusin", "click"] as const;
      for (const type of events) document.addEventListener(type, fromOpener, { capture: true, passive: true });
      return () => {
        for (const type of events) document.removeEventListener(type, fromOpener, { capture: true });
      };
    }, [live]);

    useLayoutEffect(() => {
      const before = handOver.current;
      if (!live || !before) return;
      handOver.current = null;
      takeOver(before, document.getElementById(dialogId));
    }, [live]);

    if (import.meta.env.SSR) {
      const Server = onServer ?? Live;
      return (
        <Suspense fallback={null}>
          <div className="contents">
            <Server {...props} />
          </div>
        </Suspense>
      );
    }
    return (
      <Suspense fallback={null}>
        {/* Keys: the server's element is removed whole (not emptied), after its ref took the hand-over. */}
        {live ? (
          <div key="live" className="contents">
            <Live {...props} />
          </div>
        ) : (
          <div
            key="kept"
            ref={(node) => () => {
              // React detaches refs before it removes the element: the last moment the dialog is still open.
              if (node) handOver.current = handOverOf(node);
            }}
            className="contents"
            dangerouslySetInnerHTML={keepServerHtml}
            suppressHydrationWarning
            onFocus={() => wake.current()}
          />
        )}
      </Suspense>
    );
  }
  DeferredPart.displayName = `Deferred(${dialogId})`;
  return DeferredPart;
}

interface HandOver {
  open: boolean;
  focusedName: string | null;
  values: [name: string, value: string][];
}

function handOverOf(node: HTMLElement): HandOver {
  const focused = document.activeElement;
  return {
    open: node.querySelector("dialog")?.open ?? false,
    focusedName: focused && node.contains(focused) ? focused.getAttribute("name") : null,
    values: [...node.querySelectorAll("input[name]:not([type=hidden]), select[name]")]
      .filter((field) =>
        field instanceof HTMLSelectElement ? field.value !== defaultOption(field) : field instanceof HTMLInputElement && field.value !== field.defaultValue,
      )
      .map((field) => [(field as HTMLInputElement).name, (field as HTMLInputElement).value]),
  };
}

/** The value a select shows when the page loads (what the server marked selected). */
function defaultOption(select: HTMLSelectElement): string {
  return ([...select.options].find((option) => option.defaultSelected) ?? select.options[0])?.value ?? "";
}

/** The server's HTML was replaced while the shopper used it: open the new dialog as the old one was, with what was typed and the focus. */
function takeOver({ open, focusedName, values }: HandOver, dialog: HTMLElement | null) {
  if (!(dialog instanceof HTMLDialogElement)) return;
  for (const [name, value] of values) {
    const field = dialog.querySelector(`input[name="${CSS.escape(name)}"], select[name="${CSS.escape(name)}"]`);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || field.value === value) continue;
    // Through the native setter and the event the shopper's change fired, so React's handlers see it
    // (the currency menu submits on change).
    const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
  if (open && !dialog.open) dialog.showModal();
  if (focusedName) dialog.querySelector<HTMLElement>(`[name="${CSS.escape(focusedName)}"]`)?.focus();
}
