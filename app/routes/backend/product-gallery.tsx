import { Copy, ImageUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatBytes } from "~/domain/format-bytes";
import { formatDate } from "~/domain/dates";
import { ActionMessages } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { throwIfPastLastPage } from "~/features/backoffice/list-page.server";
import { textFields, type Translate } from "~/features/backoffice/form-errors";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import { galleryMaxBytes, galleryMaxFiles } from "~/features/gallery/gallery-limits";
import { deleteGalleryImage, galleryImageFileName, listGalleryImages, uploadGalleryImages } from "~/features/gallery/gallery.server";
import { intlLocale, localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { PageHeading, Panel } from "~/ui/backend/data-table";
import { mediaUrl } from "~/ui/product-card";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/product-gallery";
import { useDeleteQuestion } from "~/features/catalog-admin/catalog-admin-ui";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";

/**
 * The product gallery (spec §2 /backend/product-gallery; issue 4 item 10), roles 1, 2 and 4 (the
 * layout's middleware). Upload one or several images (intent "upload": checked by content, 5 MiB
 * each, all or nothing), browse them as a grid (file name, size, dimensions, date, the /media URL
 * to copy), delete one that nothing uses (intent "delete"; otherwise the message says where it is
 * used). Plain forms: it all works without JavaScript; with it, a button copies the URL.
 */
const maxRequestBytes = galleryMaxBytes * galleryMaxFiles + 256 * 1024;

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "gallery");
  const backendTitle = getInstance(args.context).getFixedT(locale, "backend")("title");
  const pageText = new URL(args.request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const images = await listGalleryImages(env.DB, page);
  throwIfPastLastPage(page, images.pageCount);
  return data({ images, meta: { title: `${t("meta.gallery")} | ${backendTitle}` } });
}

interface GalleryReply {
  form: "upload" | "delete" | "unknown";
  notice: string | null;
  formError: string | null;
  /** One line per refused file. */
  problems: string[];
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  /** The file the pending confirmation deletes (it may be on another page of the grid). */
  confirmFileName: string | null;
  key: number;
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = getInstance(args.context).getFixedT(getLocale(args.context) as Locale, "gallery") as unknown as Translate;
  const reply = (status: number, body: Partial<GalleryReply> & { form: GalleryReply["form"] }) =>
    data<GalleryReply>({ notice: null, formError: null, problems: [], key: 0, confirm: null, confirmFileName: null, ...body }, { status });
  const max = formatBytes(galleryMaxBytes);

  // A body far above what the form may carry is refused before it is read.
  if (Number(args.request.headers.get("content-length") ?? 0) > maxRequestBytes) {
    return reply(413, { form: "upload", formError: t("upload.tooMuch", { max, files: galleryMaxFiles }) });
  }
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply(400, { form: "unknown", formError: t("validation.unknownAction") });
  }
  switch (formData.get("intent")) {
    case "upload": {
      const result = await uploadGalleryImages(env, formData.getAll("files"), viewer.staffUserId);
      if (!result.ok) {
        if (result.reason === "refused") {
          return reply(400, {
            form: "upload",
            formError: t("upload.refused", { count: result.files.length }),
            problems: result.files.map((file) => `${file.fileName}: ${t(`upload.problems.${file.problem}`, { max })}`),
          });
        }
        return reply(400, {
          form: "upload",
          formError: t(result.reason === "no-files" ? "upload.noFiles" : "upload.tooManyFiles", { files: galleryMaxFiles }),
        });
      }
      const notice = result.added > 0 ? t("upload.added", { count: result.added }) : t("upload.alreadyAll");
      return reply(200, {
        form: "upload",
        notice: result.alreadyThere > 0 && result.added > 0 ? `${notice} ${t("upload.alreadySome", { count: result.alreadyThere })}` : notice,
        key: Date.now(),
      });
    }
    case "delete": {
      const parsed = recordId.safeParse(textFields(formData, ["id"]).id);
      if (!parsed.success) return reply(400, { form: "delete", formError: t("delete.notFound") });
      if (!isConfirmed(formData)) {
        const fileName = await galleryImageFileName(env.DB, parsed.data);
        if (fileName === null) return reply(404, { form: "delete", formError: t("delete.notFound") });
        return reply(200, { form: "delete", confirm: confirmStep(formData), confirmFileName: fileName });
      }
      const result = await deleteGalleryImage(env, parsed.data);
      if (result.ok) return reply(200, { form: "delete", notice: t("delete.done", { name: result.fileName }) });
      if (result.reason === "not-found") return reply(404, { form: "delete", formError: t("delete.notFound") });
      const places = result.usages.map((usage) => t(`delete.usages.${usage.usage}`, { count: usage.count })).join(", ");
      return reply(409, { form: "delete", formError: t("delete.inUse", { name: result.fileName, places }) });
    }
    default:
      return reply(400, { form: "unknown", formError: t("validation.unknownAction") });
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
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/product-gallery");
  const { images } = loaderData;
  const number = new Intl.NumberFormat(intlLocale(locale));
  const max = formatBytes(galleryMaxBytes);
  const pageHref = (page: number) => (page > 1 ? `${base}?page=${page}` : base);
  // Deleting the only image of the last page would leave a page past the end (a 404): its forms answer on page 1.
  const here = images.page > 1 && images.rows.length > 1 ? `${base}?page=${images.page}` : base;
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
        {actionData?.form === "upload" ? <ActionMessages notice={actionData.notice} formError={actionData.formError} /> : null}
        {actionData?.form === "upload" && actionData.problems.length > 0 ? (
          <ul className="mb-4 list-disc space-y-1 pl-6 text-sm text-error" data-testid="upload-problems">
            {actionData.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <Form method="post" action={here} encType="multipart/form-data" className="flex flex-col gap-3" key={actionData?.key ?? 0} data-testid="upload-form">
          <div className="flex flex-col gap-1">
            <label htmlFor="gallery-files" className="text-sm font-semibold">
              {t("upload.label")}
            </label>
            <input
              id="gallery-files"
              type="file"
              name="files"
              multiple
              required
              accept=".bmp,.png,.jpeg,.jpg,.gif,.webp,image/bmp,image/png,image/jpeg,image/gif,image/webp"
              aria-describedby="gallery-files-hint"
              className="text-sm"
            />
            <p id="gallery-files-hint" className="text-xs text-ink-muted">
              {t("upload.hint", { max, files: galleryMaxFiles })}
            </p>
          </div>
          <div>
            <button type="submit" name="intent" value="upload" className="btn-primary">
              <ImageUp className="size-4" aria-hidden />
              {t("upload.submit")}
            </button>
          </div>
        </Form>
      </Panel>

      <section aria-labelledby="gallery-images-heading">
        <h2 id="gallery-images-heading" className="mb-2 text-lg font-semibold">
          {t("images.heading")} <span className="text-sm font-normal text-ink-muted">({number.format(images.total)})</span>
        </h2>
        {actionData?.form === "delete" ? <ActionMessages notice={actionData.notice} formError={actionData.formError} /> : null}
        {pendingDelete ? <ConfirmStep step={pendingDelete.step} action={here} cancelTo={here} {...deleteQuestion(pendingDelete.fileName)} /> : null}
        {images.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line bg-surface p-6 text-center text-ink-muted" data-testid="gallery-empty">
            {t("images.empty")}
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
        <Pagination page={images.page} pageCount={images.pageCount} href={pageHref} />
      </section>
    </div>
  );
}
