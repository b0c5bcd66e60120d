import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ArrowLeft, ImageOff, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";

import { localeFromPathname, localizePath } from "~/i18n/config";
import type backendEn from "~/i18n/locales/en/backend";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { ConfirmStepData } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { FieldError, SubmitButton, useFieldMessage } from "~/ui/form/fields";
import { mediaUrl } from "~/ui/media-url";

/**
 * The back office's create/edit form pattern (issue 15): the page heading with its link back to the
 * list, the list's "new" button, the delete panel of an edit page (asks first: a dialog with
 * JavaScript, a confirm step without), a gallery thumbnail, and the invisible default "save" of a
 * form with row buttons. Plain HTML: no JavaScript needed. The fields themselves are the form kit's
 * (app/ui/form/fields.tsx).
 */

/**
 * Where a record's form page lives in the page's language: its list (`base`, the heading's way back)
 * and the form itself (`here`: new, or the record's), which the form and its delete panel post to.
 */
export function useRecordFormPaths(listPath: string, id: number | null) {
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, listPath);
  return { locale, base, here: id === null ? `${base}/form` : `${base}/form/${id}` };
}

/** Heading of a form or detail page with the link back to its list ("Back to the list" unless `backLabel` names it). */
export function FormPageHeading({ title, backTo, backLabel, children }: { title: string; backTo: string; backLabel?: string; children?: ReactNode }) {
  const { t } = useTranslation("backend");
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm text-primary-dark underline">
          <ArrowLeft className="size-4" aria-hidden />
          {backLabel ?? t("formPage.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words">{title}</h1>
      </div>
      {children}
    </div>
  );
}

/**
 * Heading of a record's detail page (an order, an exchange): its status beside the title, the date
 * line under it, and the action's refusal, if any.
 */
export function DetailPageHeading({
  title,
  backTo,
  status,
  dated,
  refusal,
}: {
  title: string;
  backTo: string;
  status: ReactNode;
  dated: string;
  refusal?: string | null;
}) {
  return (
    <>
      <FormPageHeading title={title} backTo={backTo}>
        {status}
      </FormPageHeading>
      <p className="-mt-4 text-sm text-ink-muted">{dated}</p>
      {refusal ? (
        <Alert tone="error" testId="form-error">
          {refusal}
        </Alert>
      ) : null}
    </>
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

/** A square thumbnail of a gallery picture, or a placeholder. */
export function Thumbnail({ imageKey, size = 48, alt = "" }: { imageKey: string | null; size?: number; alt?: string }) {
  const { t } = useTranslation("backend");
  if (!imageKey) {
    return (
      <span
        className="inline-flex items-center justify-center rounded-md bg-surface-muted text-ink-muted"
        style={{ width: size, height: size }}
        title={t("formPage.noImage")}
      >
        <ImageOff className="size-4" aria-hidden />
        <span className="sr-only">{t("formPage.noImage")}</span>
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
  answer,
  thing,
  name,
  children,
  ...given
}: {
  title: string;
  action: string;
  refusal?: string | null;
  thing: DeleteThing;
  name: string;
  confirm?: ConfirmStepData | null;
  /** The action's answer as it is (instead of `confirm` and `refusal`): its confirm step, or `deleteRefusal`. */
  answer?: { confirm?: ConfirmStepData | null; deleteRefusal?: string | null; [other: string]: unknown } | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation("backend");
  const confirm = given.confirm ?? answer?.confirm;
  const refusal = given.refusal ?? answer?.deleteRefusal;
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
        <p className="mb-3 text-sm text-ink-muted">{t("formPage.deleteIntro")}</p>
      )}
      {confirm ? (
        <DeleteForm action={action} thing={thing} name={name} confirm={confirm} label={t("formPage.delete")} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <DeleteForm action={action} thing={thing} name={name} label={t("formPage.delete")} />
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

/**
 * Pressing Enter in a field submits a form with its FIRST submit button; forms with row buttons
 * ("remove row 1") start with this invisible "save" so Enter saves instead of removing a row.
 */
export function DefaultSave() {
  return <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />;
}

/** The save button of a create/edit form: "Create" for a new row, "Save" for an existing one (intent "save"). */
export function SaveButton({ isNew, action }: { isNew: boolean; action: string }) {
  const { t } = useTranslation("backend");
  return (
    <SubmitButton name="intent" value="save" action={action} testId="save">
      {isNew ? t("formPage.create") : t("formPage.save")}
    </SubmitButton>
  );
}

/**
 * A row button of a Conform list ("add a variant", "remove option 2"): `control` is
 * `form.insert.getButtonProps(…)` or `form.remove.getButtonProps(…)`, which work in the browser and,
 * without JavaScript, through the server.
 */
export function RowButton({
  control,
  kind,
  label,
  ariaLabel,
  testId,
  className,
}: {
  control: { name: string; value: string; form: string; formNoValidate: boolean };
  kind: "add" | "remove";
  label: string;
  ariaLabel?: string;
  testId?: string;
  className?: string;
}) {
  const Icon = kind === "add" ? Plus : Trash2;
  return (
    <button
      type="submit"
      {...control}
      className={className ?? (kind === "add" ? "btn-ghost border border-line" : "btn-ghost text-sm text-error")}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );
}

/** A hidden field of a Conform form (a row's id, the stock the form showed). */
export function HiddenField({ meta }: { meta: FieldMetadata<unknown> }) {
  const { key, ...props } = getInputProps(meta, { type: "hidden" });
  return <input key={key} {...props} />;
}

/**
 * The message of a field that is no single control: a list ("add at least one variant"), a row's
 * options, a picture's hidden key. `label` names it in the message.
 */
export function GroupError({ meta, label }: { meta: Pick<FieldMetadata<unknown>, "errors" | "errorId" | "name">; label: string }) {
  return <FieldError id={meta.errorId} name={meta.name} message={useFieldMessage(meta.errors, label)} />;
}
