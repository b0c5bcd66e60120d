import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLocation } from "react-router";

import { type ReviewAction, reviewActionsFor } from "~/domain/custom-order";
import { designFonts, designSides, garmentSizes } from "~/domain/design-options";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { formatBahtInput } from "~/features/catalog-admin/catalog-admin-shared.server";
import { listCustomOrders, loadCustomOrderReview, reviewCustomOrder } from "~/features/custom/custom-orders.server";
import { listPresetImageNames } from "~/features/custom/custom-products.server";
import { customReviewListDefinition, customReviewListSpec } from "~/features/custom/custom-review-list";
import { reviewActions, reviewFormSchemaFor, reviewQueueFilters } from "~/features/custom/custom-review-schemas";
import { dateTime, OrderStatusBadge } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { FormPageHeading } from "~/ui/backend/form-page";
import { Badge, Panel } from "~/ui/backend/page-parts";
import { RecordList } from "~/ui/backend/record-list";
import { FormErrors, FormMessages, MoneyField, SubmitButton, TextareaField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { useFormatPrice } from "~/ui/price";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/custom-review";

/**
 * Spec §2 /backend/orders/fulfillment/custom-form (issue 6 item 5): the custom-design review queue
 * and, with `?order={number}`, one design: previews, print images to download at print resolution,
 * options, texts, images, sizes, notes, delivery, totals, history, and the decision (confirm at the
 * list price or another price per piece, ask for changes, decline) with a message to the shopper.
 * Every decision carries the design status the page showed: a decision taken meanwhile is a 409.
 */
const path = "/backend/orders/fulfillment/custom-form";

export async function loader(args: Route.LoaderArgs) {
  const { env, locale, t, title } = staffRoute(args, "customReview");
  const url = new URL(args.request.url);
  const orderNumber = url.searchParams.get("order");
  if (orderNumber === null) {
    const list = await loadListPage(args, { definition: customReviewListDefinition, fetch: listCustomOrders });
    return data({ view: "list" as const, list, review: null, meta: { title: title(t("meta.title")) } }, { headers: { "Cache-Control": "no-store" } });
  }
  const review = await loadCustomOrderReview(env.DB, orderNumber, locale);
  if (!review) throw data(null, { status: 404 });
  const product = review.product;
  const optionNames = (review.design.design?.options ?? []).map((choice) => {
    const attribute = product?.attributes.find((row) => row.id === choice.attributeId);
    const option = attribute?.options.find((row) => row.id === choice.optionId);
    return {
      attribute: attribute ? localized(attribute, "name", locale) : `#${choice.attributeId}`,
      option: option ? localized(option, "name", locale) : `#${choice.optionId}`,
      colorHex: option?.colorHex ?? null,
    };
  });
  const presetNames = Object.fromEntries((await listPresetImageNames(env.DB)).map((preset) => [preset.id, localized(preset, "name", locale)]));
  return data(
    {
      view: "detail" as const,
      list: null,
      review: {
        ...review,
        optionNames,
        presetNames,
        actions: reviewActionsFor(review.design.status),
        priceInput: formatBahtInput(review.design.unitPriceSatang),
        product: null,
      },
      meta: { title: title(t("meta.order", { number: review.order.orderNumber })) },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

interface Reply {
  /** The decision whose form the reply belongs to. */
  intent: ReviewAction | null;
  result: SubmissionResult<string[]> | undefined;
  /** A refusal that belongs to no field ("someone else decided first"), in the page's language. */
  refusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "customReview");
  const orderNumber = new URL(args.request.url).searchParams.get("order") ?? "";
  const review = await loadCustomOrderReview(env.DB, orderNumber);
  if (!review) throw data(null, { status: 404 });
  const statusLabel = (status: string) => t(`status.${status as "submitted"}`);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: reviewFormSchemaFor(formData.get("intent")) });
  if (submission.status !== "success") {
    // The decision and the status shown are hidden fields: a wrong one is a page to reload, not a field to fix.
    const unreadable = Boolean(submission.error?.intent || submission.error?.from);
    const intent = reviewActions.find((action) => action === formData.get("intent")) ?? null;
    return data<Reply>({ intent, result: submission.reply(), refusal: unreadable ? t("errors.invalid") : null }, { status: 400 });
  }
  const form = submission.value;
  const refuse = (status: number, refusal: string) => data<Reply>({ intent: form.intent, result: undefined, refusal }, { status });
  if (form.from !== review.design.status) return refuse(409, t("errors.conflict", { status: statusLabel(review.design.status) }));
  const result = await reviewCustomOrder(env.DB, review, {
    action: form.intent,
    unitPriceSatang: form.price ?? null,
    message: form.message ?? "",
    staffUserId: staff.staffUserId,
    linkOrigin: linkOrigin(env.PUBLIC_ORIGIN, args.request),
  });
  if (result.ok)
    return redirectWithToast(args.request, `${localizePath(locale, path)}?order=${encodeURIComponent(review.order.orderNumber)}`, {
      key: `customReview:done.${form.intent}`,
    });
  if (result.reason === "message-required")
    return data<Reply>({ intent: form.intent, result: submission.reply({ fieldErrors: { message: ["message"] } }), refusal: null }, { status: 400 });
  if (result.reason === "not-allowed") return refuse(400, t("errors.notAllowed", { status: statusLabel(review.design.status) }));
  const now = await loadCustomOrderReview(env.DB, orderNumber);
  return refuse(409, t("errors.conflict", { status: statusLabel(now?.design.status ?? review.design.status) }));
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
    const { list } = loaderData;
    return (
      <RecordList
        spec={customReviewListSpec}
        list={list}
        tabs={{
          name: "filter",
          // No filter is the queue to review.
          current: list.query.filters.filter ?? "to-review",
          label: t("list.heading"),
          testId: "custom-review-filters",
          tabTestId: "filter",
          tabs: reviewQueueFilters.map((filter) => ({ value: filter, label: t(`list.filters.${filter}`) })),
        }}
      />
    );
  }

  const review = loaderData.review!;
  const { order, design } = review;
  const parsed = design.design;
  const sideName = (side: string) => t(side === "front" ? "detail.front" : "detail.back_side");
  const imageUrl = (image: string) => `${base}/${encodeURIComponent(order.orderNumber)}/${image}.png`;
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
      {actionData?.refusal ? (
        <Alert tone="error" testId="form-error">
          {actionData.refusal}
        </Alert>
      ) : null}

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
                <ReviewDecisionForm
                  key={intent}
                  intent={intent}
                  from={design.status}
                  action={`${base}?order=${encodeURIComponent(order.orderNumber)}`}
                  priceInput={review.priceInput}
                  lastResult={actionData?.intent === intent ? actionData.result : undefined}
                />
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

/** One decision (confirm at a price, ask for changes, decline), with its message to the shopper. */
function ReviewDecisionForm({
  intent,
  from,
  action,
  priceInput,
  lastResult,
}: {
  intent: ReviewAction;
  from: string;
  action: string;
  priceInput: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("customReview");
  const schema = reviewFormSchemaFor(intent);
  const confirm = intent === "confirm";
  const [form, fields] = useSchemaForm(schema, { id: `review-${intent}`, lastResult, defaultValue: { price: intent === "confirm" ? priceInput : "" } });
  return (
    <FormMessages namespace="customReview">
      <Form
        method="post"
        action={action}
        className="flex flex-col gap-3 rounded-md border border-line p-3"
        data-testid={`review-${intent}`}
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="from" value={from} />
        <p className="text-sm text-ink-muted">{t(confirm ? "detail.confirmHint" : intent === "reject" ? "detail.rejectHint" : "detail.requestChangesHint")}</p>
        <FormErrors form={form} />
        {confirm ? <MoneyField meta={fields.price} label={t("detail.price")} hint={t("detail.priceHint")} data-testid="review-price" /> : null}
        <TextareaField meta={fields.message} label={t("detail.message")} rows={3} />
        {confirm ? (
          <SubmitButton testId={`submit-${intent}`}>{t("detail.confirm")}</SubmitButton>
        ) : (
          <button type="submit" className="btn-ghost border border-line" data-testid={`submit-${intent}`}>
            {t(intent === "reject" ? "detail.reject" : "detail.requestChanges")}
          </button>
        )}
      </Form>
    </FormMessages>
  );
}
