import { setNonce } from "get-nonce";
import { AlertDialog } from "radix-ui";
import { type ReactNode, useId, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";

import { useTranslation } from "~/i18n/translation";

import { confirmedField, type ConfirmStepData } from "./confirm";
import { useHydrated } from "./use-hydrated";

/**
 * Ask before a destructive back-office action (issue 14), with and without JavaScript. The server
 * half is app/ui/confirm.ts: an action refuses to act without `confirmed=1` and answers a confirm step.
 *
 * - `<ConfirmButton>` goes where the destructive submit button was, inside its form. Before
 *   hydration it is that plain submit button (so without JavaScript the action answers the confirm
 *   step); once hydrated it opens an alert dialog naming what will happen, and "yes" posts the
 *   form's text fields, the button's own name/value and `confirmed=1`.
 * - `<ConfirmStep>` renders that step: the same question as a panel whose form posts the echoed
 *   fields again with `confirmed=1`, and a link back that changes nothing.
 */
// The dialog locks the page's scroll with a <style> element of its own (react-remove-scroll, through
// react-style-singleton, which asks get-nonce for a nonce), refused by the Content-Security-Policy
// without the page's nonce. Browsers hide the attribute once the page is parsed, not the property.
if (typeof document !== "undefined") setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

interface Question {
  /** What is asked, naming the thing: "Cancel order P-…?". */
  title: string;
  /** What will happen: "Stock is returned…". */
  description: string;
  /** The button that does it: "Cancel order". */
  confirmLabel: string;
}

interface ConfirmButtonProps extends Question {
  /** The submitter field this button sends, e.g. name="intent" value="delete". */
  name?: string;
  value?: string;
  className?: string;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}

export function ConfirmButton({ name, value, title, description, confirmLabel, className, disabled, testId, children }: ConfirmButtonProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const trigger = useRef<HTMLButtonElement>(null);

  if (!hydrated) {
    return (
      <button type="submit" name={name} value={value} className={className} disabled={disabled} data-testid={testId}>
        {children}
      </button>
    );
  }

  const confirm = () => {
    const form = trigger.current?.form;
    if (!form) return;
    const formData = new FormData();
    // Text fields only: a destructive action never needs the form's files.
    for (const [field, fieldValue] of new FormData(form).entries()) if (typeof fieldValue === "string") formData.append(field, fieldValue);
    if (name) formData.set(name, value ?? "");
    formData.set(confirmedField, "1");
    void submit(formData, { method: "post", action: form.getAttribute("action") ?? undefined });
  };

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button ref={trigger} type="button" className={className} disabled={disabled} data-testid={testId} data-hydrated="true">
          {children}
        </button>
      </AlertDialog.Trigger>
      <QuestionDialog title={title} description={description}>
        <AlertDialog.Action asChild>
          <button type="button" className="btn-ghost border border-error bg-error text-white" onClick={confirm} data-testid="confirm-yes">
            {confirmLabel}
          </button>
        </AlertDialog.Action>
      </QuestionDialog>
    </AlertDialog.Root>
  );
}

interface ConfirmStepProps extends Question {
  step: ConfirmStepData;
  /** Where the form posts (the page's own action). */
  action: string;
  /** The page to go back to without doing anything. */
  cancelTo: string;
}

/** The dialog's frame, shared by the button's question and the server's step: title, what will happen, "go back" and the caller's "yes". */
function QuestionDialog({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const { t } = useTranslation("forms");
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <AlertDialog.Content
        className="fixed top-1/2 left-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-5 shadow-xl"
        data-testid="confirm-dialog"
      >
        <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm">{description}</AlertDialog.Description>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <AlertDialog.Cancel asChild>
            <button type="button" className="btn-ghost border border-line" data-testid="confirm-no">
              {t("goBack")}
            </button>
          </AlertDialog.Cancel>
          {children}
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}

/**
 * With JavaScript the step opens as the same dialog as `<ConfirmButton>` (a question the server
 * asked about a value, such as a usage limit of 0, is seen wherever the page is scrolled, and "go
 * back" keeps what was typed); without it, a panel whose "go back" reloads the page.
 */
export function ConfirmStep({ step, action, cancelTo, title, description, confirmLabel }: ConfirmStepProps) {
  const { t } = useTranslation("forms");
  const headingId = useId();
  const hydrated = useHydrated();
  // Each answer of the server is a new question, asked again even after "go back" closed the last one.
  const [closedStep, setClosedStep] = useState<ConfirmStepData | null>(null);
  const echoed = (
    <>
      {step.fields.map(([field, fieldValue], index) => (
        <input key={`${field}-${index}`} type="hidden" name={field} value={fieldValue} />
      ))}
      <input type="hidden" name={confirmedField} value="1" />
    </>
  );
  if (hydrated) {
    return (
      <AlertDialog.Root open={closedStep !== step} onOpenChange={(open) => setClosedStep(open ? null : step)}>
        <QuestionDialog title={title} description={description}>
          <Form method="post" action={action} onSubmit={() => setClosedStep(step)}>
            {echoed}
            <button type="submit" className="btn-ghost border border-error bg-error text-white" data-testid="confirm-yes">
              {confirmLabel}
            </button>
          </Form>
        </QuestionDialog>
      </AlertDialog.Root>
    );
  }
  return (
    <section role="alertdialog" aria-labelledby={headingId} className="rounded-lg border-2 border-error/50 bg-surface p-4" data-testid="confirm-step">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-sm">{description}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap gap-2">
        {echoed}
        <button type="submit" className="btn-ghost border border-error bg-error text-white" data-testid="confirm-yes">
          {confirmLabel}
        </button>
        <Link to={cancelTo} className="btn-ghost border border-line" data-testid="confirm-no">
          {t("goBack")}
        </Link>
      </Form>
    </section>
  );
}
