import { type FieldMetadata, type FormMetadata, getFormProps, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { z } from "zod";

import type { GalleryPickerPage } from "~/features/catalog-admin/gallery.server";
import { GalleryPickerControls } from "~/features/catalog-admin/gallery-picker";
import { useTranslation } from "~/i18n/translation";
import { DeletePanel, type DeleteThing, FormPageHeading } from "~/ui/backend/form-page";
import type { ConfirmStepData } from "~/ui/confirm";
import { Field, FieldError, FormErrors, FormMessages, SubmitButton, TextareaField, useFieldMessage } from "~/ui/form/fields";
import { mediaUrl } from "~/ui/media-url";

/**
 * What the back office's content forms share beyond the form kit (~/ui/form): the gallery image
 * field with the gallery's search and pages (issue 14), and the one rule that goes with it — its
 * search and page buttons submit the form itself (intent `image-search`, `image-page:<n>`), so the
 * server answers the same typed values with the next page of images, with or without JavaScript;
 * those submissions are not checked (a half-filled new form may browse the gallery).
 */
export function isPickerIntent(intent: FormDataEntryValue | null): boolean {
  return intent === "image-search" || (typeof intent === "string" && /^image-page:\d{1,5}$/.test(intent));
}

const browsing = z.object({});

/** The form's client-side check (Conform's onValidate): the schema, except while browsing the gallery. */
export function validateUnlessBrowsing<Schema extends z.ZodType>(schema: Schema) {
  return ({ formData }: { formData: FormData }): Submission<z.input<Schema>, string[], z.output<Schema>> =>
    isPickerIntent(formData.get("intent"))
      ? (parseWithZod(formData, { schema: browsing }) as unknown as Submission<z.input<Schema>, string[], z.output<Schema>>)
      : parseWithZod(formData, { schema });
}

/** What the server answers to a gallery search or page: the typed values back, no messages. */
export function typedValues(submission: { reply: () => SubmissionResult }): SubmissionResult {
  return { initialValue: submission.reply().initialValue };
}

/**
 * One image from the product gallery, as thumbnails to pick from: "no image" (unless `required`),
 * the chosen one, then a page of the others, newest first, with a file-name search. Plain radio
 * buttons, so the page works without JavaScript; the server's `picker` says which page is shown
 * and which image is chosen (what was stored, or what was posted).
 */
export function GalleryImageField({
  meta,
  label,
  picker,
  required = false,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  picker: GalleryPickerPage;
  required?: boolean;
}) {
  const { t } = useTranslation("contentAdmin");
  const message = useFieldMessage(meta.errors, label);
  const chosen = picker.chosen[0]?.key ?? "";
  const images = [...picker.chosen, ...picker.rows];
  const galleryEmpty = picker.total === 0 && picker.query === "";
  return (
    <fieldset
      className="min-w-0 space-y-2"
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? `${meta.errorId} ${meta.descriptionId}` : meta.descriptionId}
      data-testid={`image-field-${meta.name}`}
    >
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      <p id={meta.descriptionId} className="text-xs text-ink-muted">
        {galleryEmpty ? t("common.galleryEmpty") : t("common.galleryHint")}
      </p>
      {galleryEmpty ? null : <GalleryPickerControls picker={picker} />}
      {/* A new page from the server is a new set of radios, checked as the server says. */}
      <ul key={`${picker.query}|${picker.page}|${chosen}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="image-choices">
        {required ? null : (
          <ImageChoice name={meta.name} value="" checked={chosen === ""} label={t("common.noImage")} imageKey={null} invalid={Boolean(message)} />
        )}
        {images.map((image) => (
          <ImageChoice
            key={image.key}
            name={meta.name}
            value={image.key}
            checked={image.key === chosen}
            label={image.fileName}
            imageKey={image.key}
            invalid={Boolean(message)}
          />
        ))}
      </ul>
      <FieldError id={meta.errorId} name={meta.name} message={message} />
    </fieldset>
  );
}

function ImageChoice({
  name,
  value,
  checked,
  label,
  imageKey,
  invalid,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  imageKey: string | null;
  invalid: boolean;
}) {
  return (
    <li>
      <label
        className={clsx(
          "flex h-full cursor-pointer flex-col gap-1 rounded-md border p-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary",
          invalid ? "border-error" : "border-line",
        )}
        data-testid="image-choice"
      >
        {imageKey ? (
          <img src={mediaUrl(imageKey)} alt="" width={96} height={96} loading="lazy" className="aspect-square w-full rounded object-cover" />
        ) : (
          <span className="aspect-square w-full rounded border border-dashed border-line" aria-hidden />
        )}
        <span className="flex items-start gap-2 text-xs break-all">
          <input type="radio" name={name} value={value} defaultChecked={checked} className="mt-0.5 size-4 shrink-0 accent-primary" />
          {label}
        </span>
      </label>
    </li>
  );
}

/**
 * Enter in a text field submits a form with its FIRST submit button; forms whose gallery search and
 * page buttons come before "save" start with this invisible save, so Enter saves.
 */
export function DefaultSubmit({ value }: { value: string }) {
  return <button type="submit" name="intent" value={value} tabIndex={-1} aria-hidden="true" className="sr-only" />;
}

/**
 * The create/edit page of a content entry (activity, collection, size guide): heading with the way
 * back to the list, the form's messages, the form (posting intent `save`, Enter included) and what
 * comes after it: the delete panel of a saved entry (`deletable`). Field messages are looked up in
 * `contentAdmin:validation`.
 */
export function ContentFormPage<Schema extends Record<string, unknown>>({
  name,
  title,
  backTo,
  form,
  action,
  children,
  deletable,
}: {
  name: "activity" | "collection" | "size-guide";
  title: string;
  backTo: string;
  form: FormMetadata<Schema>;
  action: string;
  children: ReactNode;
  /** A saved entry: what the delete dialog names, and the confirm step the action answered without JavaScript. */
  deletable: { thing: DeleteThing; name: string; confirm: ConfirmStepData | null | undefined } | null;
}) {
  const { t } = useTranslation("contentAdmin");
  return (
    <FormMessages namespace="contentAdmin">
      <div className="space-y-6" data-testid={`${name}-form-page`}>
        <FormPageHeading title={title} backTo={backTo} />
        <FormErrors form={form} />
        <Form method="post" action={action} className="space-y-6" data-testid={`${name}-form`} key={form.id} {...getFormProps(form)}>
          <DefaultSubmit value="save" />
          {children}
          <SubmitButton name="intent" value="save" action={action} testId={`save-${name}`}>
            {t("common.save")}
          </SubmitButton>
        </Form>
        {deletable ? <DeletePanel title={t("common.delete")} action={action} {...deletable} /> : null}
      </div>
    </FormMessages>
  );
}

type Meta = FieldMetadata<unknown>;

/**
 * The head of a collection's or a size guide's form: slug and order, names and a text (`description`
 * or `note`) in both languages, and the picture from the gallery.
 */
export function NamedEntryFields<Text extends "description" | "note">({
  fields,
  text,
  picker,
}: {
  fields: Record<"slug" | "sortOrder" | "nameEn" | "nameTh" | "imageKey" | `${Text}En` | `${Text}Th`, Meta>;
  text: Text;
  picker: GalleryPickerPage;
}) {
  const { t } = useTranslation("contentAdmin");
  const [textEn, textTh] = [`${text}En`, `${text}Th`] as const;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field meta={fields.slug} label={t("fields.slug")} autoCapitalize="none" spellCheck={false} />
        <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
        <Field meta={fields.nameEn} label={t("fields.nameEn")} />
        <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
        <TextareaField meta={fields[textEn]} label={t(`fields.${textEn}`)} rows={3} />
        <TextareaField meta={fields[textTh]} label={t(`fields.${textTh}`)} rows={3} lang="th" />
      </div>
      <GalleryImageField meta={fields.imageKey} label={t("fields.imageKey")} picker={picker} />
    </>
  );
}
