import { type FieldMetadata, type FormMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { clsx } from "clsx";
import { CircleAlert } from "lucide-react";
import { createContext, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useContext, useState } from "react";
import { useNavigation } from "react-router";

import { type Namespace, useTranslation } from "~/i18n/translation";

import { DayHint } from "./day-hint";
import { splitMessageKey } from "./form-messages";

/**
 * The form kit (DESIGN §4.12): fields wired to Conform's metadata, so the schema's constraints
 * (required, maxLength, min/max) reach the HTML — forms work before JavaScript — and the same
 * schema's messages show in the page's language after a server round trip or a client check.
 * Labels, hints, `aria-invalid` and `aria-describedby` come from here, not from each route.
 *
 * Messages are keys (app/ui/form/form-messages.ts); a form names the namespace whose
 * `validation.<key>` it adds (`<FormMessages namespace="ordersAdmin">`), and the rest come from
 * `forms:validation`. A form of a kit names its page's namespace and then the kit's, looked up in
 * that order (a list's bulk form: `[namespace, "lists"]`).
 */
const MessageNamespaceContext = createContext<Namespace | readonly Namespace[]>("forms");

export function FormMessages({ namespace, children }: { namespace: Namespace | readonly Namespace[]; children: ReactNode }) {
  return <MessageNamespaceContext.Provider value={namespace}>{children}</MessageNamespaceContext.Provider>;
}

/** A field's first error in words, with the field's label in it; null when the field is fine. */
export function useFieldMessage(errors: readonly string[] | undefined, label: string): string | null {
  const namespaces = [useContext(MessageNamespaceContext)].flat();
  const { t } = useTranslation("forms");
  const [first] = errors ?? [];
  if (!first) return null;
  const { key, count } = splitMessageKey(first);
  const options = { field: label, ...(count === undefined ? {} : { count }) };
  const fallback = t(`forms:validation.${key}` as "forms:validation.invalid", { ...options, defaultValue: t("forms:validation.invalid", options) });
  return namespaces.reduceRight(
    (next, namespace) => (namespace === "forms" ? next : t(`${namespace}:validation.${key}` as "forms:validation.invalid", { ...options, defaultValue: next })),
    fallback,
  );
}

const control = "w-full rounded-md border px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary";

interface FieldFrameProps {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: ReactNode;
  message: string | null;
}

function FieldFrame({ meta, label, hint, optional, className, children, message }: FieldFrameProps) {
  const { t } = useTranslation("forms");
  return (
    <div className={clsx("flex min-w-0 flex-col gap-1", className)}>
      <label htmlFor={meta.id} className="text-sm font-semibold">
        {label} {optional ? <span className="font-normal text-ink-muted">{t("optional")}</span> : null}
      </label>
      {children}
      <FieldNotes meta={meta} hint={hint} message={message} />
    </div>
  );
}

/** The hint and the error under a control, with the ids its aria-describedby names. */
function FieldNotes({ meta, hint, message }: { meta: FieldMetadata<unknown>; hint?: string; message: string | null }) {
  return (
    <>
      {hint ? (
        <p id={meta.descriptionId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} name={meta.name} message={message} />
    </>
  );
}

export function FieldError({ id, name, message }: { id?: string; name: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-error" data-testid={`error-${name}`}>
      {message}
    </p>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "url" | "search" | "number" | "date" | "datetime-local" | "time";

type FieldProps = {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  type?: InputType;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "id" | "defaultValue" | "form" | "className">;

function describedBy(meta: FieldMetadata<unknown>, hint: string | undefined, invalid: boolean): string | undefined {
  return [invalid ? meta.errorId : null, hint ? meta.descriptionId : null].filter(Boolean).join(" ") || undefined;
}

/** A text-like input (text, e-mail, password, number, date…). */
export function Field({ meta, label, hint, type = "text", className, ...input }: FieldProps) {
  const message = useFieldMessage(meta.errors, label);
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={!meta.required && !input.required} className={className} message={message}>
      <input
        key={key}
        {...props}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(meta, hint, Boolean(message))}
        className={clsx(control, message ? "border-error" : "border-line")}
        {...input}
      />
    </FieldFrame>
  );
}

/**
 * A day (`YYYY-MM-DD`). On Thai pages the chosen day is written out under it in the Buddhist era
 * (DayHint): the browser draws the input in its own language and calendar, whatever the page's is.
 */
export function DateField({ className, onChange, ...props }: Omit<FieldProps, "type">) {
  const { i18n } = useTranslation("forms");
  const [day, setDay] = useState(typeof props.meta.initialValue === "string" ? props.meta.initialValue : "");
  const thai = i18n.language === "th";
  return (
    <div className={clsx("flex min-w-0 flex-col gap-1", className)}>
      <Field
        {...props}
        type="date"
        onChange={(event) => {
          setDay(event.currentTarget.value);
          onChange?.(event);
        }}
      />
      {thai ? <DayHint id={`${props.meta.id}-day`} day={day} locale="th" /> : null}
    </div>
  );
}

/** Baht as typed ("1,290.50"): a text input with the decimal keypad; the schema parses it. */
export function MoneyField(props: Omit<FieldProps, "type">) {
  return <Field inputMode="decimal" autoComplete="off" {...props} type="text" />;
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...textarea
}: { meta: FieldMetadata<unknown>; label: string; hint?: string; className?: string } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "name" | "id" | "defaultValue" | "form" | "className"
>) {
  const message = useFieldMessage(meta.errors, label);
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={!meta.required && !textarea.required} className={className} message={message}>
      <textarea
        key={key}
        {...props}
        rows={4}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(meta, hint, Boolean(message))}
        className={clsx(control, message ? "border-error" : "border-line")}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function SelectField({
  meta,
  label,
  hint,
  className,
  children,
  ...select
}: { meta: FieldMetadata<unknown>; label: string; hint?: string; className?: string; children: ReactNode } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "name" | "id" | "defaultValue" | "form" | "className"
>) {
  const message = useFieldMessage(meta.errors, label);
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} className={className} message={message}>
      <select
        key={key}
        {...props}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(meta, hint, Boolean(message))}
        className={clsx(control, "bg-surface", message ? "border-error" : "border-line")}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ meta, label, hint, className }: { meta: FieldMetadata<unknown>; label: string; hint?: string; className?: string }) {
  const message = useFieldMessage(meta.errors, label);
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input key={key} {...props} aria-invalid={message ? true : undefined} aria-describedby={describedBy(meta, hint, Boolean(message))} className="size-4" />
        {label}
      </label>
      <FieldNotes meta={meta} hint={hint} message={message} />
    </div>
  );
}

export function RadioGroupField({
  meta,
  label,
  options,
  className,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const message = useFieldMessage(meta.errors, label);
  return (
    <fieldset
      className={clsx("flex flex-col gap-1", className)}
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? meta.errorId : undefined}
    >
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      {options.map((option) => {
        const { key, ...props } = getInputProps(meta, { type: "radio", value: option.value, ariaAttributes: false });
        return (
          <label key={key ?? option.value} className="flex items-center gap-2 text-sm">
            <input {...props} id={`${meta.id}-${option.value}`} className="size-4" />
            {option.label}
          </label>
        );
      })}
      <FieldError id={meta.errorId} name={meta.name} message={message} />
    </fieldset>
  );
}

export function FileField({
  meta,
  label,
  hint,
  accept,
  className,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  accept?: string;
  className?: string;
}) {
  const message = useFieldMessage(meta.errors, label);
  const { key, ...props } = getInputProps(meta, { type: "file", ariaAttributes: false });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={!meta.required} className={className} message={message}>
      <input
        key={key}
        {...props}
        accept={accept}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(meta, hint, Boolean(message))}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5"
      />
    </FieldFrame>
  );
}

/**
 * The form's own errors (a refusal that belongs to no field) and, when fields are marked, a line
 * saying so — announced to screen readers. `refusal` is a sentence the server already wrote in the
 * page's language when it needs more than a key and a number ("overlaps Standard 0–500 g").
 * `testId` is for a page whose refusal already had a name of its own.
 */
export function FormErrors({
  form,
  refusal,
  testId = "form-error",
}: {
  form: Pick<FormMetadata<never>, "errors" | "allErrors" | "errorId">;
  refusal?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation("forms");
  const namespace = [useContext(MessageNamespaceContext)].flat().join(" ");
  const keyedMessage = useFieldMessage(form.errors, "");
  const formMessage = refusal ?? keyedMessage;
  const fieldsMarked = Object.values(form.allErrors).length > 0 && !formMessage;
  const message = formMessage ?? (fieldsMarked ? t("validation.summary") : null);
  if (!message) return null;
  return (
    <div
      role="alert"
      id={form.errorId}
      className="mb-4 flex gap-3 rounded-md border border-error/40 bg-error/5 p-3 text-sm text-error"
      data-testid={testId}
      data-namespace={namespace}
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>{message}</p>
    </div>
  );
}

/**
 * The refusal of a form with no fields to mark (its buttons post an intent), in `namespace`'s
 * messages, shown only while the action's answer is one (`answered`): Conform keeps the last reply's
 * errors through the redirect that follows a later action done with JavaScript, which worked.
 */
export function AnswerErrors({
  form,
  namespace,
  answered,
  refusal,
  testId,
}: {
  form: Pick<FormMetadata<never>, "errors" | "allErrors" | "errorId">;
  namespace: Namespace | readonly Namespace[];
  answered: boolean;
  refusal?: string | null;
  testId?: string;
}) {
  if (!answered) return null;
  return (
    <FormMessages namespace={namespace}>
      <FormErrors form={form} refusal={refusal} testId={testId} />
    </FormMessages>
  );
}

/** True while this form's submission (to `action`) is on its way. */
export function useIsSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  return action === undefined || navigation.formAction === action;
}

export function SubmitButton({
  children,
  pendingText,
  name,
  value,
  action,
  className,
  testId,
}: {
  children: ReactNode;
  pendingText?: string;
  name?: string;
  value?: string;
  action?: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("forms");
  const pending = useIsSubmitting(action);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={clsx("btn-primary", className)}
      disabled={pending}
      aria-busy={pending || undefined}
      data-testid={testId}
    >
      {pending ? (pendingText ?? t("submitting")) : children}
    </button>
  );
}
