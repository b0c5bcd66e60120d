import { clsx } from "clsx";
import { ArrowLeft, ImageOff, Plus, Trash2 } from "lucide-react";
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Form, Link } from "react-router";
import { FieldError } from "~/features/accounts/auth-form";
import type backendEn from "~/i18n/locales/en/backend";
import { useTranslation } from "~/i18n/translation";
import type { ConfirmStepData } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { mediaUrl } from "~/ui/product-card";

/**
 * Building blocks of the back-office catalogue pages (issue 4 item 8): labelled selects and text
 * areas that show their error like `TextField`, a thumbnail, the page header with its back link,
 * the "new" button of a list and the delete panel of an edit page. Plain HTML: no JavaScript needed.
 */
const control = "rounded-md border px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary";

export function SelectField({
  name,
  label,
  error,
  hint,
  children,
  className,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & { name: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("flex min-w-0 flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(control, "bg-surface", error ? "border-error" : "border-line")}
        {...select}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  error,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> & { name: string; label: string; error?: string }) {
  const id = useId();
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx(control, error ? "border-error" : "border-line")}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A square thumbnail of a gallery picture, or a placeholder. */
export function Thumbnail({ imageKey, size = 48, alt = "" }: { imageKey: string | null; size?: number; alt?: string }) {
  const { t } = useTranslation("catalogAdmin");
  if (!imageKey) {
    return (
      <span
        className="inline-flex items-center justify-center rounded-md bg-surface-muted text-ink-muted"
        style={{ width: size, height: size }}
        title={t("actions.noImage")}
      >
        <ImageOff className="size-4" aria-hidden />
        <span className="sr-only">{t("actions.noImage")}</span>
      </span>
    );
  }
  return (
    <img
      src={mediaUrl(imageKey)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      className="rounded-md border border-line bg-surface-muted object-cover"
      style={{ width: size, height: size }}
    />
  );
}

/** Heading of a form page with the link back to its list. */
export function FormPageHeading({ title, backTo, children }: { title: string; backTo: string; children?: ReactNode }) {
  const { t } = useTranslation("catalogAdmin");
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm text-primary-dark underline">
          <ArrowLeft className="size-4" aria-hidden />
          {t("actions.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      </div>
      {children}
    </div>
  );
}

export function NewButton({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Link to={to} className="btn-primary" data-testid={testId}>
      <Plus className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/** What a delete's question names (a key of backend `confirm.things`). */
export type DeleteThing = keyof typeof backendEn.confirm.things;

/**
 * The delete form of an edit page; `refusal` explains why it cannot be deleted (and may offer
 * another way). Deleting asks first (issue 14): with JavaScript a dialog naming `thing` and `name`;
 * without it the action answers a confirm step (`confirm`: `isConfirmed`, `confirmStep` of app/ui/confirm.ts), shown here.
 */
export function DeletePanel({
  title,
  action,
  refusal,
  thing,
  name,
  confirm,
  children,
}: {
  title: string;
  action: string;
  refusal?: string | null;
  thing: DeleteThing;
  name: string;
  confirm?: ConfirmStepData | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation("catalogAdmin");
  return (
    <section className="rounded-lg border border-error/30 bg-surface p-4" aria-labelledby="delete-heading" data-testid="delete-panel">
      <h2 id="delete-heading" className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {refusal ? (
        <p role="alert" className="mb-3 text-sm text-error" data-testid="delete-refusal">
          {refusal}
        </p>
      ) : (
        <p className="mb-3 text-sm text-ink-muted">{t("actions.deleteIntro")}</p>
      )}
      {confirm ? (
        <DeleteForm action={action} thing={thing} name={name} confirm={confirm} label={t("actions.delete")} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <DeleteForm action={action} thing={thing} name={name} label={t("actions.delete")} />
          {children}
        </div>
      )}
    </section>
  );
}

/**
 * The delete button (intent=delete) that asks first, or — when the action answered a confirm step
 * because JavaScript was off — that step in its place.
 */
export function DeleteForm({
  action,
  thing,
  name,
  confirm,
  label,
  className,
}: {
  action: string;
  thing: DeleteThing;
  name: string;
  confirm?: ConfirmStepData | null;
  label: string;
  className?: string;
}) {
  const question = useDeleteQuestion(thing, name);
  if (confirm) return <ConfirmStep step={confirm} action={action} cancelTo={action} {...question} />;
  return (
    <Form method="post" action={action} className={className}>
      <ConfirmButton name="intent" value="delete" className="btn-ghost border border-error/40 text-error" testId="delete-button" {...question}>
        <Trash2 className="size-4" aria-hidden />
        {label}
      </ConfirmButton>
    </Form>
  );
}

/** The question a delete asks: "Delete category “T-shirts”?". */
export function useDeleteQuestion(thing: DeleteThing, name: string) {
  const { t } = useTranslation("backend");
  return {
    title: t("confirm.delete.title", { thing: t(`confirm.things.${thing}`, { name }) }),
    description: t("confirm.delete.description"),
    confirmLabel: t("confirm.delete.yes"),
  };
}

/** A form-level error (a field of a row list, like "variants"), shown above the rows. */
export function ListError({ name, error }: { name: string; error?: string }) {
  return <FieldError name={name} error={error} />;
}

/**
 * Pressing Enter in a field submits a form with its FIRST submit button; forms with row buttons
 * ("remove row 1") start with this invisible "save" so Enter saves instead of removing a row.
 */
export function DefaultSave() {
  return <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />;
}
