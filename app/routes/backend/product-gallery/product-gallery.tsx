import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Copy, ImageUp, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, useLocation } from "react-router";

import { formatDate } from "~/domain/dates";
import { formatBytes } from "~/domain/format-bytes";
import { listHref, maxSearchLength } from "~/domain/list-query";
import { formatDecimal } from "~/domain/number-format";
import { listAddressAfterAction, loadListPage } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { galleryUploadSchema } from "~/features/catalog-admin/catalog-admin-schemas";
import { deleteGalleryImage, galleryImageFileName, listGalleryImages, uploadGalleryImages } from "~/features/catalog-admin/gallery.server";
import { galleryListDefinition, type GalleryListQuery, galleryMaxBytes, galleryMaxFiles } from "~/features/catalog-admin/gallery-limits";
import { intlLocale, localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { useDeleteQuestion } from "~/ui/backend/form-page";
import { PageHeading, Panel } from "~/ui/backend/page-parts";
import { confirmStep, type ConfirmStepData, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { FileField, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { mediaUrl } from "~/ui/media-url";
import { Pagination } from "~/ui/pagination";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/product-gallery";

/**
 * The product gallery (spec §2 /backend/product-gallery; issue 4 item 10), roles 1, 2 and 4 (the
 * layout's middleware). Upload one or several images (intent "upload": checked by content, 5 MiB
 * each, all or nothing), browse them as a grid (file name, size, dimensions, date, the /media URL
 * to copy), delete one that nothing uses (intent "delete"; otherwise the message says where it is
 * used). Plain forms: it all works without JavaScript; with it, a button copies the URL. Done uploads
 * and deletes come back to the page with a toast.
 */
const maxRequestBytes = galleryMaxBytes * galleryMaxFiles + 256 * 1024;

export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "gallery");
  const images = await loadListPage(args, { definition: galleryListDefinition, fetch: listGalleryImages });
  return data({ images, meta: { title: title(t("meta.gallery")) } });
}

interface GalleryAnswer {
  /** Which form the answer is about (its messages show there). */
  form: "upload" | "delete";
  result: SubmissionResult<string[]> | undefined;
  /** Why nothing happened, in words (a refused file, an image in use). */
  refusal: string | null;
  /** One line per refused file. */
  problems: string[];
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  /** The file the pending confirmation deletes (it may be on another page of the grid). */
  confirmFileName: string | null;
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, t } = staffRoute(args, "gallery");
  // Back to the grid with its search and sort, from page 1 (a new upload is there; a delete may have emptied the last page).
  const here = listAddressAfterAction(args.request);
  const upload: GalleryAnswer = { form: "upload", result: undefined, refusal: null, problems: [], confirm: null, confirmFileName: null };
  const remove: GalleryAnswer = { ...upload, form: "delete" };
  const max = formatBytes(galleryMaxBytes);

  // A body far above what the form may carry is refused before it is read.
  if (Number(args.request.headers.get("content-length") ?? 0) > maxRequestBytes) {
    return data({ ...upload, refusal: t("upload.tooMuch", { max, files: galleryMaxFiles }) }, { status: 413 });
  }
  const formData = await args.request.formData();
  switch (formData.get("intent")) {
    case "upload": {
      const submission = parseWithZod(formData, { schema: galleryUploadSchema });
      if (submission.status !== "success") return data({ ...upload, result: submission.reply() }, { status: 400 });
      const result = await uploadGalleryImages(env, submission.value.files, viewer.staffUserId);
      if (!result.ok) {
        if (result.reason === "refused") {
          const problems = result.files.map((file) => `${file.fileName}: ${t(`upload.problems.${file.problem}`, { max })}`);
          return data({ ...upload, result: submission.reply(), refusal: t("upload.refused", { count: result.files.length }), problems }, { status: 400 });
        }
        const refusal = t(result.reason === "no-files" ? "upload.noFiles" : "upload.tooManyFiles", { files: galleryMaxFiles });
        return data({ ...upload, result: submission.reply(), refusal }, { status: 400 });
      }
      if (result.added === 0) return redirectWithToast(args.request, here, { key: "gallery:upload.alreadyAll", type: "info" });
      if (result.alreadyThere > 0) {
        return redirectWithToast(args.request, here, { key: "gallery:upload.addedSome", values: { added: result.added, already: result.alreadyThere } });
      }
      return redirectWithToast(args.request, here, { key: "gallery:upload.added", values: { count: result.added } });
    }
    case "delete": {
      const idText = formData.get("id");
      const id = typeof idText === "string" && /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : null;
      if (id === null) return data({ ...remove, refusal: t("delete.notFound") }, { status: 400 });
      if (!isConfirmed(formData)) {
        const fileName = await galleryImageFileName(env.DB, id);
        if (fileName === null) return data({ ...remove, refusal: t("delete.notFound") }, { status: 404 });
        return data({ ...remove, confirm: confirmStep(formData), confirmFileName: fileName });
      }
      const result = await deleteGalleryImage(env, id);
      if (result.ok) return redirectWithToast(args.request, here, { key: "gallery:delete.done", values: { name: result.fileName } });
      if (result.reason === "not-found") return data({ ...remove, refusal: t("delete.notFound") }, { status: 404 });
      const places = result.usages.map((usage) => t(`delete.usages.${usage.usage}`, { count: usage.count })).join(", ");
      return data({ ...remove, refusal: t("delete.inUse", { name: result.fileName, places }) }, { status: 409 });
    }
    default:
      return data({ ...upload, refusal: t("validation.unknownAction") }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

function CopyUrl({ url, label, copiedLabel }: { url: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex items-center gap-1">
      <input
        type="text"
        readOnly
        value={url}
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 flex-1 rounded border border-line bg-surface-muted px-2 py-1 font-mono text-xs"
        data-testid="image-url"
      />
      <button
        type="button"
        className="btn-ghost px-2 py-1"
        aria-label={label}
        onClick={() => {
          void navigator.clipboard?.writeText(new URL(url, window.location.origin).href).then(() => setCopied(true));
        }}
      >
        <Copy className="size-4" aria-hidden />
        <span className="sr-only" role="status">
          {copied ? copiedLabel : ""}
        </span>
      </button>
    </div>
  );
}

export default function ProductGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("gallery");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const base = localizePath(locale, "/backend/product-gallery");
  const [form, fields] = useSchemaForm(galleryUploadSchema, {
    id: "gallery-upload",
    lastResult: actionData?.form === "upload" ? actionData.result : undefined,
  });
  const { images } = loaderData;
  const number = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const max = formatBytes(galleryMaxBytes);
  const here = listHref(base, galleryListDefinition, images.query);
  const deleteAnswers = useDeleteQuestion("image", "");
  const { t: tb } = useTranslation("backend");
  // Each card's question names its file (a hook cannot be called per card).
  const deleteQuestion = (fileName: string) => ({
    ...deleteAnswers,
    title: tb("confirm.delete.title", { thing: tb("confirm.things.image", { name: fileName }) }),
  });
  const pendingDelete = actionData?.confirm && actionData.confirmFileName !== null ? { step: actionData.confirm, fileName: actionData.confirmFileName } : null;

  return (
    <div className="space-y-6" data-testid="gallery-page">
      <PageHeading title={t("heading")} intro={t("intro")} />

      <Panel title={t("upload.heading")} id="upload-heading" testId="gallery-upload">
        <FormMessages namespace="gallery">
          <FormErrors form={form} refusal={actionData?.form === "upload" ? actionData.refusal : null} />
          {actionData?.form === "upload" && actionData.problems.length > 0 ? (
            <ul className="mb-4 list-disc space-y-1 pl-6 text-sm text-error" data-testid="upload-problems">
              {actionData.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          {/* An upload is a new page visit (the redirect): the form starts empty again. */}
          <Form
            method="post"
            action={here}
            encType="multipart/form-data"
            className="flex flex-col gap-3"
            key={location.key}
            data-testid="upload-form"
            {...getFormProps(form)}
          >
            <FileField
              meta={fields.files}
              label={t("upload.label")}
              hint={t("upload.hint", { max, files: galleryMaxFiles })}
              accept=".bmp,.png,.jpeg,.jpg,.gif,.webp,image/bmp,image/png,image/jpeg,image/gif,image/webp"
            />
            <div>
              <SubmitButton name="intent" value="upload" action={here} testId="upload-submit">
                <ImageUp className="size-4" aria-hidden />
                {t("upload.submit")}
              </SubmitButton>
            </div>
          </Form>
        </FormMessages>
      </Panel>

      <section aria-labelledby="gallery-images-heading">
        <h2 id="gallery-images-heading" className="mb-2 text-lg font-semibold">
          {t("images.heading")} <span className="text-sm font-normal text-ink-muted">({number(images.total)})</span>
        </h2>
        {actionData?.form === "delete" && actionData.refusal ? (
          <Alert tone="error" testId="form-error">
            {actionData.refusal}
          </Alert>
        ) : null}
        {pendingDelete ? <ConfirmStep step={pendingDelete.step} action={here} cancelTo={here} {...deleteQuestion(pendingDelete.fileName)} /> : null}
        <GallerySearch base={base} query={images.query} />
        {images.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line bg-surface p-6 text-center text-ink-muted" data-testid="gallery-empty">
            {images.query.q ? t("lists:emptyFiltered") : t("images.empty")}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="gallery-grid">
            {images.rows.map((image, index) => {
              const url = mediaUrl(image.imageKey);
              return (
                <li
                  key={image.id}
                  className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface"
                  data-testid="gallery-image"
                  data-key={image.imageKey}
                >
                  <div className="flex aspect-square items-center justify-center bg-surface-muted">
                    <img
                      src={url}
                      alt={image.fileName}
                      width={image.width ?? undefined}
                      height={image.height ?? undefined}
                      loading={index < 4 ? "eager" : "lazy"}
                      decoding="async"
                      className="max-h-full max-w-full object-contain"
                    />
                  </div>
                  <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
                    <p className="truncate font-semibold" title={image.fileName} data-testid="file-name">
                      {image.fileName}
                    </p>
                    <p className="text-xs text-ink-muted">
                      <span data-testid="file-size">{formatBytes(image.byteSize)}</span>
                      {image.width && image.height ? (
                        <span data-testid="dimensions"> · {t("images.dimensions", { width: image.width, height: image.height })}</span>
                      ) : null}
                    </p>
                    <p className="text-xs text-ink-muted">
                      {formatDate(image.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
                      {image.uploadedBy ? ` · ${image.uploadedBy}` : ""}
                    </p>
                    <CopyUrl url={url} label={t("images.copyUrl", { name: image.fileName })} copiedLabel={t("images.copied")} />
                    <Form method="post" action={here} className="mt-auto pt-2">
                      <input type="hidden" name="id" value={image.id} />
                      <ConfirmButton
                        name="intent"
                        value="delete"
                        className="btn-ghost w-full border border-error/40 text-error"
                        testId="delete-button"
                        {...deleteQuestion(image.fileName)}
                      >
                        <Trash2 className="size-4" aria-hidden />
                        <span aria-hidden>{t("delete.submit")}</span>
                        <span className="sr-only">{t("delete.label", { name: image.fileName })}</span>
                      </ConfirmButton>
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <Pagination page={images.page} pageCount={images.pageCount} href={(page) => listHref(base, galleryListDefinition, images.query, { page })} />
      </section>
    </div>
  );
}

/** The grid's search and order: a GET form (the list pattern's query in the URL), so it works without JavaScript. */
function GallerySearch({ base, query }: { base: string; query: GalleryListQuery }) {
  const { t } = useTranslation("gallery");
  const { t: tl } = useTranslation("lists");
  return (
    <Form method="get" action={base} role="search" className="mb-4 flex flex-wrap items-end gap-3" data-testid="gallery-search">
      <label className="flex min-w-0 flex-[2_1_16rem] flex-col gap-1 text-sm font-semibold">
        {tl("search")}
        <span className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={t("images.searchPlaceholder")}
            maxLength={maxSearchLength}
            className="w-full rounded-md border border-line py-2 pr-3 pl-9 font-normal focus-visible:outline-2 focus-visible:outline-primary"
            data-testid="list-search-input"
          />
        </span>
      </label>
      <label className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1 text-sm font-semibold">
        {t("images.sort.label")}
        <select name="sort" defaultValue={query.sort} className="rounded-md border border-line bg-surface px-3 py-2 font-normal" data-testid="gallery-sort">
          <Options of={galleryListDefinition.sorts} label={(sort) => t(`images.sort.${sort}`)} />
        </select>
      </label>
      <button type="submit" className="btn-primary" data-testid="list-search-submit">
        {tl("searchSubmit")}
      </button>
    </Form>
  );
}
