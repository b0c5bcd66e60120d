import { data, type RouterContextProvider } from "react-router";

import { getCloudflare } from "~/cloudflare";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";

import { loadOrderDocument } from "./order-documents.server";
import { isDocumentNumber } from "./shopper-documents";

/**
 * The loader half of a shopper's printed document (issue 17): My purchases'
 * /my-purchase/{order}/documents/{number} and the guest's /cart/checkout/{order}/documents/{number}.
 * The route has already decided the viewer owns the order; the number must be one of that order's
 * documents, spelled exactly, else 404. `?copy=1` and `?paper=80mm` as on the back office's print view.
 */
export async function shopperPrintedDocument(
  args: { request: Request; context: Readonly<RouterContextProvider>; params: { number?: string } },
  order: { id: number },
  back: string,
) {
  const { env } = getCloudflare(args.context);
  const number = args.params.number ?? "";
  const document = isDocumentNumber(number) ? await loadOrderDocument(env.DB, order.id, number) : null;
  if (!document) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "documents");
  const url = new URL(args.request.url);
  return data(
    {
      document,
      copy: url.searchParams.get("copy") === "1" ? ("copy" as const) : ("original" as const),
      paper: url.searchParams.get("paper") === "80mm" ? ("80mm" as const) : ("a4" as const),
      back,
      meta: { title: t("meta.title", { kind: t(`kinds.${document.kind}`), number: document.number }) },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
