import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { reviewActionsFor } from "~/domain/custom-order";
import { designFonts, designSides, garmentSizes } from "~/domain/design-options";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { ActionMessages } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { formatBahtInput } from "~/features/catalog-admin/catalog-admin-shared.server";
import { TextAreaField } from "~/features/catalog-admin/catalog-admin-ui";
import { FormPageHeading } from "~/ui/backend/form-page";
import { listCustomOrders, loadCustomOrderReview, reviewCustomOrder } from "~/features/custom/custom-orders.server";
import { listPresetImageNames } from "~/features/custom/custom-products.server";
import { reviewFormSchema, reviewFormValues, reviewQueueFilters, type ReviewQueueFilter } from "~/features/custom/custom-review-schemas";
import { dateTime, OrderStatusBadge } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading, Panel } from "~/ui/backend/data-table";
import { useFormatPrice } from "~/ui/price";
import type { Route } from "./+types/custom-review";

/**
 * Spec §2 /backend/orders/fulfillment/custom-form (issue 6 item 5): the custom-design review queue
 * and, with `?order={number}`, one design: previews, print images to download at print resolution,
 * options, texts, images, sizes, notes, delivery, totals, history, and the decision (confirm at the
 * list price or another price per piece, ask for changes, decline) with a message to the shopper.
 * Every decision carries the design status the page showed: a decision taken meanwhile is a 409.
 */
const path = "/backend/orders/fulfillment/custom-form";

function filterOf(value: string | null): ReviewQueueFilter {
  return (reviewQueueFilters as readonly string[]).includes(value ?? "") ? (value as ReviewQueueFilter) : "to-review";
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "customReview");
  const title = (page: string) => `${page} | ${getInstance(args.context).getFixedT(locale, "backend")("title")}`;
  const url = new URL(args.request.url);
  const orderNumber = url.searchParams.get("order");
  const notice = url.searchParams.get("notice");
  const done = notice === "confirm" || notice === "request-changes" || notice === "reject" ? t(`done.${notice}`) : null;
  if (orderNumber === null) {
    const filter = filterOf(url.searchParams.get("filter"));
    return data(
      { view: "list" as const, filter, orders: await listCustomOrders(env.DB, filter), review: null, notice: done, meta: { title: title(t("meta.title")) } },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  const review = await loadCustomOrderReview(env.DB, orderNumber, locale);
  if (!review) throw data(null, { status: 404 });
  const th = locale === "th";
  const product = review.product;
  const optionNames = (review.design.design?.options ?? []).map((choice) => {
    const attribute = product?.attributes.find((row) => row.id === choice.attributeId);
    const option = attribute?.options.find((row) => row.id === choice.optionId);
    return {
      attribute: attribute ? (th ? attribute.nameTh : attribute.nameEn) : `#${choice.attributeId}`,
      option: option ? (th ? option.nameTh : option.nameEn) : `#${choice.optionId}`,
      colorHex: option?.colorHex ?? null,
    };
  });
  const presetNames = Object.fromEntries((await listPresetImageNames(env.DB)).map((preset) => [preset.id, th ? preset.nameTh : preset.nameEn]));
  return data(
    {
      view: "detail" as const,
      filter: null,
      orders: null,
      review: {
        ...review,
        optionNames,
        presetNames,
        actions: reviewActionsFor(review.design.status),
        priceInput: formatBahtInput(review.design.unitPriceSatang),
        product: null,
      },
      notice: done,
      meta: { title: title(t("meta.order", { number: review.order.orderNumber })) },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

interface Reply {
  intent: string | null;
  errors: Record<string, string>;
  formError: string | null;
}

export async function action(args: Route.ActionArgs) {
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "customReview");
  const reply = (status: number, body: Partial<Reply>) => data<Reply>({ intent: null, errors: {}, formError: null, ...body }, { status });
  const orderNumber = new URL(args.request.url).searchParams.get("order") ?? "";
  const review = await loadCustomOrderReview(env.DB, orderNumber);
  if (!review) throw data(null, { status: 404 });
  const statusLabel = (status: string) => t(`status.${status as "submitted"}`);
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply(400, { formError: t("errors.invalid") });
  }
  const parsed = reviewFormSchema.safeParse(reviewFormValues(formData));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      errors[field] ??= issue.message === "price" ? t("errors.price") : issue.message === "messageTooLong" ? t("errors.messageTooLong") : t("errors.invalid");
    }
    return reply(400, { intent: String(formData.get("intent") ?? ""), errors, formError: errors.intent ?? errors.from ?? null });
  }
  const form = parsed.data;
  if (form.from !== review.design.status)
    return reply(409, { intent: form.intent, formError: t("errors.conflict", { status: statusLabel(review.design.status) }) });
  const result = await reviewCustomOrder(env.DB, review, {
    action: form.intent,
    unitPriceSatang: form.price,
    message: form.message,
    staffUserId: staff.staffUserId,
    linkOrigin: linkOrigin(env.PUBLIC_ORIGIN, args.request),
  });
  if (result.ok) {
    return new Response(null, {
      status: 302,
      headers: { Location: `${localizePath(locale, path)}?order=${encodeURIComponent(review.order.orderNumber)}&notice=${form.intent}` },
    });
  }
  if (result.reason === "message-required") return reply(400, { intent: form.intent, errors: { message: t("errors.message") }, formError: null });
  if (result.reason === "not-allowed")
    return reply(400, { intent: form.intent, formError: t("errors.notAllowed", { status: statusLabel(review.design.status) }) });
  const now = await loadCustomOrderReview(env.DB, orderNumber);
  return reply(409, { intent: form.intent, formError: t("errors.conflict", { status: statusLabel(now?.design.status ?? review.design.status) }) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const statusTone = { draft: "neutral", submitted: "warning", changes_requested: "neutral", confirmed: "success", rejected: "error" } as const;

export default function CustomReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customReview");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const format = useFormatPrice();
  const base = localizePath(locale, path);

  if (loaderData.view === "list") {
    return (
      <div data-testid="custom-review-list">
        <PageHeading title={t("list.heading")} intro={t("list.intro")} />
        <ActionMessages notice={loaderData.notice} />
        <nav className="mb-4 flex flex-wrap gap-2" aria-label={t("list.heading")}>
          {reviewQueueFilters.map((filter) => (
            <Link
              key={filter}
              to={`${base}?filter=${filter}`}
              aria-current={loaderData.filter === filter ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm ${loaderData.filter === filter ? "border-primary bg-primary text-white" : "border-line"}`}
              data-testid={`filter-${filter}`}
            >
              {t(`list.filters.${filter}`)}
            </Link>
          ))}
        </nav>
        <DataTable
          caption={t("list.caption")}
          columns={[
            { label: t("list.columns.order") },
            { label: t("list.columns.product") },
            { label: t("list.columns.pieces"), numeric: true },
            { label: t("list.columns.email") },
            { label: t("list.columns.total"), numeric: true },
            { label: t("list.columns.status") },
            { label: t("list.columns.date") },
          ]}
          empty={t("list.empty")}
          rowCount={loaderData.orders.length}
          testId="custom-orders"
        >
          {loaderData.orders.map((order) => (
            <tr key={order.orderNumber}>
              <td className="px-3 py-2">
                <Link to={`${base}?order=${encodeURIComponent(order.orderNumber)}`} className="font-semibold text-primary underline" data-testid="review-link">
                  {order.orderNumber}
                </Link>
              </td>
              <td className="px-3 py-2">{locale === "th" ? order.productNameTh : order.productNameEn}</td>
              <td className="px-3 py-2 text-right">{order.quantity}</td>
              <td className="px-3 py-2 break-all">{order.email}</td>
              <td className="px-3 py-2 text-right">{format(order.totalSatang)}</td>
              <td className="px-3 py-2">
                <Badge tone={statusTone[order.designStatus]}>{t(`status.${order.designStatus}`)}</Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{dateTime(order.createdAt, locale)}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    );
  }

  const review = loaderData.review!;
  const { order, design } = review;
  const parsed = design.design;
  const sideName = (side: string) => t(side === "front" ? "detail.front" : "detail.back_side");
  const imageUrl = (image: string) => `${base}/${encodeURIComponent(order.orderNumber)}/${image}.png`;
  const errorFor = (intent: string, field: string) => (actionData?.intent === intent ? actionData.errors[field] : undefined);
  return (
    <div className="space-y-6" data-testid="custom-review-detail">
      <FormPageHeading title={t("meta.order", { number: order.orderNumber })} backTo={base}>
        <Badge tone={statusTone[design.status]} testId="design-status">
          {t(`status.${design.status}`)}
        </Badge>
      </FormPageHeading>
      <p className="-mt-4 text-sm">
        <Link to={localizePath(locale, `/backend/orders/fulfillment/${order.id}`)} className="text-primary underline" data-testid="order-link">
          {t("detail.orderLink")}
        </Link>{" "}
        · <OrderStatusBadge statusId={order.statusId} />
      </p>
      <ActionMessages notice={actionData ? null : loaderData.notice} formError={actionData?.formError} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t("detail.previews")} testId="review-previews">
          <div className="grid grid-cols-2 gap-3">
            {designSides.map((side) =>
              design[side === "front" ? "previewFrontKey" : "previewBackKey"] ? (
                <figure key={side}>
                  <img src={imageUrl(`preview-${side}`)} alt={sideName(side)} className="w-full rounded border border-line bg-white" />
                  <figcaption className="mt-1 text-center text-sm text-ink-muted">{sideName(side)}</figcaption>
                </figure>
              ) : null,
            )}
          </div>
          <h3 className="mt-4 font-semibold">{t("detail.print")}</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {designSides.map((side) =>
              design[side === "front" ? "printFrontKey" : "printBackKey"] ? (
                <li key={side}>
                  <a
                    href={imageUrl(`print-${side}`)}
                    download={`${order.orderNumber}-${side}.png`}
                    className="text-primary underline"
                    data-testid={`download-print-${side}`}
                  >
                    {t("detail.download", { side: sideName(side) })}
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </Panel>

        <Panel title={t("detail.actions")} testId="review-actions">
          {review.actions.length === 0 ? (
            <p className="text-ink-muted">{t("detail.noActions", { status: t(`status.${design.status}`) })}</p>
          ) : (
            <div className="flex flex-col gap-4">
              {review.actions.map((intent) => (
                <Form
                  key={intent}
                  method="post"
                  action={`${base}?order=${encodeURIComponent(order.orderNumber)}`}
                  className="flex flex-col gap-3 rounded-md border border-line p-3"
                  data-testid={`review-${intent}`}
                >
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="from" value={design.status} />
                  <p className="text-sm text-ink-muted">
                    {t(intent === "confirm" ? "detail.confirmHint" : intent === "reject" ? "detail.rejectHint" : "detail.requestChangesHint")}
                  </p>
                  {intent === "confirm" ? (
                    <label className="flex flex-col gap-1 text-sm font-semibold">
                      {t("detail.price")}
                      <input
                        name="price"
                        inputMode="decimal"
                        defaultValue={review.priceInput}
                        className="input"
                        aria-describedby="price-hint"
                        data-testid="review-price"
                      />
                      <span id="price-hint" className="font-normal text-ink-muted">
                        {t("detail.priceHint")}
                      </span>
                      {errorFor(intent, "price") ? <span className="font-normal text-error">{errorFor(intent, "price")}</span> : null}
                    </label>
                  ) : (
                    <input type="hidden" name="price" value="" />
                  )}
                  <TextAreaField
                    name="message"
                    label={t("detail.message")}
                    rows={3}
                    maxLength={1000}
                    required={intent !== "confirm"}
                    error={errorFor(intent, "message")}
                  />
                  <button type="submit" className={intent === "confirm" ? "btn-primary" : "btn-ghost border border-line"} data-testid={`submit-${intent}`}>
                    {t(intent === "confirm" ? "detail.confirm" : intent === "reject" ? "detail.reject" : "detail.requestChanges")}
                  </button>
                </Form>
              ))}
            </div>
          )}
        </Panel>

        <Panel title={t("detail.options")} testId="review-options">
          <ul className="space-y-1 text-sm">
            {review.optionNames.map((row) => (
              <li key={row.attribute}>
                <span className="font-semibold">{row.attribute}:</span> {row.option}
                {row.colorHex ? (
                  <span className="ml-2 inline-block size-3 rounded-full border border-line align-middle" style={{ background: row.colorHex }} aria-hidden />
                ) : null}
              </li>
            ))}
          </ul>
          <h3 className="mt-4 font-semibold">{t("detail.texts")}</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="review-texts">
            {parsed && designSides.some((side) => parsed.sides[side].texts.length) ? (
              designSides.flatMap((side) =>
                parsed.sides[side].texts.map((text) => (
                  <li key={`${side}-${text.position}`}>
                    {t("detail.textRow", {
                      side: sideName(side),
                      position: t(`detail.position.${text.position}`),
                      text: text.text,
                      font: designFonts.find((font) => font.id === text.fontId)?.displayName ?? "",
                      colour: t(`detail.colour.${text.color}`),
                      size: text.fontSize,
                    })}
                  </li>
                )),
              )
            ) : (
              <li className="text-ink-muted">{t("detail.noTexts")}</li>
            )}
          </ul>
          <h3 className="mt-4 font-semibold">{t("detail.images")}</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="review-images">
            {parsed && designSides.some((side) => parsed.sides[side].elements.length) ? (
              designSides.flatMap((side) =>
                parsed.sides[side].elements.map((element) => (
                  <li key={`${side}-${element.id}`}>
                    {t("detail.imageRow", {
                      side: sideName(side),
                      source:
                        element.source.kind === "preset"
                          ? t("detail.preset", { name: review.presetNames[element.source.presetImageId] ?? `#${element.source.presetImageId}` })
                          : t("detail.upload"),
                      width: Math.round(element.width),
                      height: Math.round(element.height),
                      rotation: Math.round(element.rotation),
                    })}
                  </li>
                )),
              )
            ) : (
              <li className="text-ink-muted">{t("detail.noImages")}</li>
            )}
          </ul>
        </Panel>

        <Panel title={t("detail.sizes")} testId="review-sizes">
          <p className="text-sm">{parsed ? garmentSizes.map((size) => `${size.toUpperCase()} × ${parsed.quantities[size]}`).join(", ") : ""}</p>
          <h3 className="mt-4 font-semibold">{t("detail.notes")}</h3>
          <p className="mt-1 text-sm whitespace-pre-wrap">{parsed?.notes || <span className="text-ink-muted">{t("detail.noNotes")}</span>}</p>
          <h3 className="mt-4 font-semibold">{t("detail.delivery")}</h3>
          <p className="mt-1 text-sm">
            {order.shipName} · {order.shipPhone} · <span className="break-all">{order.email}</span>
            <br />
            {order.shipAddress}
          </p>
          <h3 className="mt-4 font-semibold">{t("detail.totals")}</h3>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
            <dt>{t("detail.perPiece")}</dt>
            <dd className="text-right" data-testid="review-unit-price">
              {format(design.unitPriceSatang)}
            </dd>
            <dt>{t("detail.subtotal")}</dt>
            <dd className="text-right">{format(order.subtotalSatang)}</dd>
            <dt>{t("detail.shipping")}</dt>
            <dd className="text-right">{format(order.shippingSatang)}</dd>
            <dt className="font-semibold">{t("detail.total")}</dt>
            <dd className="text-right font-semibold" data-testid="review-total">
              {format(order.totalSatang)}
            </dd>
          </dl>
        </Panel>
      </div>

      <Panel title={t("detail.history")} testId="review-history">
        <ol className="space-y-2 text-sm">
          {review.history.map((row, index) => (
            <li key={index}>
              <span className="font-semibold">{t(`detail.event.${row.event as "submitted"}`)}</span> ·{" "}
              {row.staffName ?? t(`detail.by.${row.actorType as "shopper"}`)} · {dateTime(row.createdAt, locale)}
              {row.unitPriceSatang !== null ? ` · ${format(row.unitPriceSatang)}` : ""}
              {row.message ? <p className="mt-1 whitespace-pre-wrap rounded bg-surface-muted p-2">{row.message}</p> : null}
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
