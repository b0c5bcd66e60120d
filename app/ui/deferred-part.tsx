import { type ComponentType, lazy, startTransition, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Location, useLocation, useNavigate, useNavigation } from "react-router";

import { loadNamespaces } from "~/i18n/client-messages";
import type { StorefrontNamespace } from "~/i18n/route-namespaces";

import { followInPage } from "./follow-in-page";
import type * as HandOverCode from "./hand-over";
import { useHydrated } from "./use-hydrated";

/** Tells React to keep what the server rendered inside the element (the same object every render: nothing to update). */
const keepServerHtml = { __html: "" };

/** The hand-over code (./hand-over.ts), loaded with a part's own code: the server's HTML is replaced only once both are there. */
let handOverCode: typeof HandOverCode | null = null;
const loadHandOver = () => import("./hand-over").then((module) => void (handOverCode = module));

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
  // (until then the page's shell waits for it: there is no Suspense boundary, see below).
  let onServer: ComponentType<Props> | null = null;
  if (import.meta.env.SSR) void load().then((component) => (onServer = component));
  const Live = lazy(() => Promise.all([load(), loadNamespaces(namespaces), loadHandOver()]).then(([component]) => ({ default: component })));
  function DeferredPart(props: Props) {
    const hydrated = useHydrated();
    // Mounted after hydration (an error page's frame): no server HTML to keep, load at once.
    const [mountedLive] = useState(hydrated);
    const [live, setLive] = useState(hydrated);
    // What the shopper was doing in the server's HTML when it was replaced (taken before React removes it).
    const handOver = useRef<HandOverCode.HandOver | null>(null);
    // The opener was pressed while the server's dialog was missing (a client render dropped it): open the live one.
    const openOnArrival = useRef(false);
    const wake = useRef(() => {});
    wake.current = () => {
      // A transition, and no Suspense boundary of its own: React keeps the server's HTML on screen until the module is there.
      if (!live) startTransition(() => setLive(true));
    };

    useEffect(() => {
      if (live) return;
      // Opened before the page was hydrated (invoker commands need no JavaScript): take it over now.
      if (document.getElementById(dialogId)?.hasAttribute("open")) wake.current();
      const fromOpener = (event: Event) => {
        const opener = event.target instanceof Element ? event.target.closest(`[commandfor="${dialogId}"]`) : null;
        if (!opener) return;
        // Before the button's own command: with the dialog in the page the browser opens it, and the hand-over carries that.
        if (event.type === "click" && opener.getAttribute("command") === "show-modal" && !document.getElementById(dialogId)) openOnArrival.current = true;
        wake.current();
      };
      const events = ["pointerover", "pointerdown", "focusin", "click"] as const;
      for (const type of events) document.addEventListener(type, fromOpener, { capture: true, passive: true });
      return () => {
        for (const type of events) document.removeEventListener(type, fromOpener, { capture: true });
      };
    }, [live]);

    useLayoutEffect(() => {
      if (!live || mountedLive) return;
      const before = handOver.current ?? { open: false, focusedName: null, values: [] };
      handOver.current = null;
      handOverCode?.takeOver({ ...before, open: before.open || openOnArrival.current }, document.getElementById(dialogId));
      openOnArrival.current = false;
    }, [live, mountedLive]);

    // No Suspense boundary around the server's HTML: React streams a finished boundary of more than
    // 500 bytes that comes after the first ~12.8 KB of the page as a hidden block that a script moves
    // into place later. Without JavaScript the dialog then never showed, and when hydration reached
    // this part before that script had run, any re-render dropped the server's HTML (the dialog was
    // gone until its code loaded, and then opened closed: issue 19's flaky drawer test).
    if (import.meta.env.SSR) {
      const Server = onServer ?? Live;
      return (
        <div className="contents">
          <Server {...props} />
        </div>
      );
    }
    if (mountedLive) {
      return (
        <Suspense fallback={null}>
          <div className="contents">
            <Live {...props} />
          </div>
        </Suspense>
      );
    }
    // Keys: the server's element is removed whole (not emptied), after its ref took the hand-over.
    return live ? (
      <div key="live" className="contents">
        <Live {...props} />
      </div>
    ) : (
      <div
        key="kept"
        ref={(node) => () => {
          // React detaches refs before it removes the element: the last moment the dialog is still open.
          if (node) handOver.current = handOverCode?.handOverOf(node) ?? null;
        }}
        className="contents"
        dangerouslySetInnerHTML={keepServerHtml}
        suppressHydrationWarning
        onFocus={() => wake.current()}
      />
    );
  }
  DeferredPart.displayName = `Deferred(${dialogId})`;
  return DeferredPart;
}

/**
 * A part of the frame the browser keeps as the server rendered it while nothing it shows has
 * changed (issue 19): the footer (the page's language, the shop's settings), the top bar, the
 * breadcrumbs and the bottom bar until the first navigation or a new cart count. Until then the
 * browser never downloads its code; a click on one of its links still navigates within the page, as
 * a `<Link>` would (a link marked `data-reload-document`, as `reloadDocument` ones must be, loads
 * the document), a select marked `data-submit-on-change` sends its form when changed (also a change
 * made before hydration), and its first element gets `data-hydrated="true"` once the page's code
 * runs. When its props or `dependsOn(location)` (what it reads of the address: the current page's
 * links, a `next` to come back to) differ from the server's, it loads its code and renders live
 * from then on: router updates are transitions, so React keeps the server's HTML on screen until
 * the code is there (a navigation preloads it). Mounted after hydration (an error page's frame),
 * it loads its code. Its strings must be the shell's or its page's (it loads none).
 *
 * `untilUsed` (a form on a page people mostly read: add to cart, back in stock, a review): it also
 * goes live when the shopper reaches for it — a pointer over or down in it, focus inside it. What
 * was typed, ticked or chosen and the focus move to the live form, and a form sent before its code
 * arrived (a quick tap) is held and sent again by the live form, which checks it as usual.
 */
export function keptPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  name: string,
  { dependsOn, untilUsed = false }: { dependsOn?: (location: Location) => string; untilUsed?: boolean } = {},
): ComponentType<Props> {
  let onServer: ComponentType<Props> | null = null;
  if (import.meta.env.SSR) void load().then((component) => (onServer = component));
  const Live = lazy(() => Promise.all([load(), untilUsed ? loadHandOver() : null]).then(([component]) => ({ default: component })));
  function KeptPart(props: Props) {
    const hydrated = useHydrated();
    const [mountedLive] = useState(hydrated);
    const navigate = useNavigate();
    const location = useLocation();
    const navigating = useNavigation().state !== "idle";
    const inputs = import.meta.env.SSR ? "" : JSON.stringify([props, dependsOn?.(location) ?? ""]);
    // What the server rendered with: hydration's render has the server's props and address.
    const [served] = useState(inputs);
    const [wentLive, setWentLive] = useState(false);
    // A press (pointer down until its click) on the server's HTML: the live part waits for the click, which
    // would otherwise be lost with the element it started on (a tap while the code comes from the cache).
    const [pressed, setPressed] = useState(false);
    const presses = useRef(0);
    const changed = inputs !== served;
    const live = mountedLive || changed || (wentLive && !pressed);
    const kept = useRef<HTMLDivElement>(null);
    const liveElement = useRef<HTMLDivElement>(null);
    // What the shopper did in the server's HTML (taken as React removes it) and a send held until the live form is there.
    const handOver = useRef<HandOverCode.HandOver | null>(null);
    const heldSubmit = useRef<HeldSubmit | null>(null);
    const reachFor = () => {
      if (!untilUsed || live) return;
      // Fetched now: a press holds the live part back until its click, and it should be there by then.
      void load();
      void loadHandOver();
      // A transition, and no Suspense boundary of its own: React keeps the server's HTML on screen until the module is there.
      startTransition(() => setWentLive(true));
    };
    const press = () => {
      reachFor();
      if (!untilUsed || live) return;
      const thisPress = ++presses.current;
      setPressed(true);
      const done = () => {
        window.removeEventListener("click", done, true);
        window.removeEventListener("pointercancel", done, true);
        window.removeEventListener("pointerup", noClick, true);
        // After the click's own work (a form's submit, held below).
        setTimeout(() => {
          if (presses.current === thisPress) startTransition(() => setPressed(false));
        });
      };
      // A press that ends away from where it started sends no click.
      const noClick = () => setTimeout(done, 300);
      window.addEventListener("click", done, true);
      window.addEventListener("pointercancel", done, true);
      window.addEventListener("pointerup", noClick, true);
    };
    useLayoutEffect(() => {
      if (!live || !handOver.current) return;
      const before = handOver.current;
      handOver.current = null;
      if (liveElement.current) handOverCode?.takeOver(before, liveElement.current);
    }, [live]);
    useEffect(() => {
      const held = heldSubmit.current;
      heldSubmit.current = null;
      if (live && held && liveElement.current) handOverCode?.resubmit(held, liveElement.current);
    }, [live]);
    useEffect(() => {
      if (changed) setWentLive(true);
    }, [changed]);
    useEffect(() => {
      // The code arrives with the page the shopper goes to, not after it.
      if (navigating && !live) void load();
    }, [navigating, live]);
    useEffect(() => {
      const node = kept.current;
      if (live || !node) return;
      // The first element and any that marks it (a form inside a section): the tests' hydration signal.
      for (const element of [node.firstElementChild, ...node.querySelectorAll("[data-hydrated]")]) element?.setAttribute("data-hydrated", "true");
      const submitOnChange = (event: Event) => {
        if (event.target instanceof HTMLSelectElement && event.target.hasAttribute("data-submit-on-change")) event.target.form?.requestSubmit();
      };
      // A choice made before the page's code ran had nothing to send it.
      for (const select of node.querySelectorAll("select[data-submit-on-change]"))
        if (select instanceof HTMLSelectElement && select.value !== defaultOption(select)) select.form?.requestSubmit();
      node.addEventListener("change", submitOnChange);
      return () => node.removeEventListener("change", submitOnChange);
    }, [live]);
    if (import.meta.env.SSR) {
      const Server = onServer ?? Live;
      return (
        <div className="contents">
          <Server {...props} />
        </div>
      );
    }
    if (mountedLive) {
      return (
        <Suspense fallback={null}>
          <div className="contents">
            <Live {...props} />
          </div>
        </Suspense>
      );
    }
    // Keys: the server's element is removed whole when the live part replaces it.
    return live ? (
      <div key="live" ref={liveElement} className="contents">
        <Live {...props} />
      </div>
    ) : (
      <div
        key="kept"
        ref={(node) => {
          kept.current = node;
          return () => {
            // React detaches refs before it removes the element: the last moment its fields hold what was typed.
            if (node && untilUsed) handOver.current = handOverCode?.handOverOf(node) ?? null;
            kept.current = null;
          };
        }}
        className="contents"
        dangerouslySetInnerHTML={keepServerHtml}
        suppressHydrationWarning
        onClick={(event) => followInPage(event, navigate)}
        onPointerOver={reachFor}
        onPointerDown={press}
        onFocus={reachFor}
        onSubmit={(event) => {
          if (!untilUsed) return;
          // Sent before the code arrived: held, and sent again by the live form (which checks it first).
          event.preventDefault();
          heldSubmit.current = heldSubmitOf(event.target, (event.nativeEvent as SubmitEvent).submitter);
          reachFor();
        }}
      />
    );
  }
  KeptPart.displayName = `Kept(${name})`;
  return KeptPart;
}

/** A form sent from kept HTML: which form (its id) and which of its submit buttons. */
export interface HeldSubmit {
  formId: string;
  submitterIndex: number;
}

function heldSubmitOf(target: EventTarget, submitter: HTMLElement | null): HeldSubmit | null {
  if (!(target instanceof HTMLFormElement) || !target.id) return null;
  return { formId: target.id, submitterIndex: submitter ? [...target.querySelectorAll("button, input[type=submit]")].indexOf(submitter) : -1 };
}

/** The value a select shows when the page loads (what the server marked selected). */
export function defaultOption(select: HTMLSelectElement): string {
  return ([...select.options].find((option) => option.defaultSelected) ?? select.options[0])?.value ?? "";
}
