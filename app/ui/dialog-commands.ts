import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Dialogs in the storefront are native `<dialog>` elements opened by buttons carrying the HTML
 * invoker-command attributes (`commandfor`, `command`): modern browsers open and close them with
 * no JavaScript at all, Escape and focus handling come from the browser. Where invoker commands
 * are missing, {@link commandButtonProps}'s click handler does the same thing in a few lines.
 */
export type DialogCommand = "show-modal" | "close";

/** The frame's dialogs (app/ui/storefront-chrome.tsx): their buttons name them here, so a button does not bring the dialog's code along. */
export const searchDialogId = "search-dialog";
export const mobileDrawerId = "mobile-drawer";
export const membershipTermsDialogId = "membership-terms";

function supportsInvokerCommands(): boolean {
  return typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;
}

export function openDialog(id: string) {
  const dialog = document.getElementById(id);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

export function closeDialog(id: string) {
  const dialog = document.getElementById(id);
  if (dialog instanceof HTMLDialogElement && dialog.open) dialog.close();
}

/** Props for a `<button>` that opens or closes the dialog with the given id. */
export function commandButtonProps(dialogId: string, command: DialogCommand) {
  return {
    type: "button" as const,
    commandfor: dialogId,
    command,
    "aria-controls": dialogId,
    onClick: () => {
      if (supportsInvokerCommands()) return;
      if (command === "show-modal") openDialog(dialogId);
      else closeDialog(dialogId);
    },
  };
}

/**
 * Closes a dialog when the page changes (a link or a search inside it was followed). Not on the
 * first render: a shopper may have opened the dialog before hydration (invoker commands need no
 * JavaScript), and hydrating must not shut it.
 */
export function useCloseOnNavigation(ref: RefObject<HTMLDialogElement | null>) {
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    const dialog = ref.current;
    if (dialog?.open) dialog.close();
  }, [key, ref]);
}
