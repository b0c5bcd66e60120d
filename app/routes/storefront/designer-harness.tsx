// THROWAWAY harness (wt/designer only): serves the designer with the seeded custom product 1 until the real
/* eslint-disable @typescript-eslint/no-explicit-any -- throwaway harness */
// route app/routes/storefront/custom-designer.tsx lands on main. Saves and uploads live in memory.
import { data, redirect } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { emptyDesign, checkDesign, type CustomDesign, type DesignProductRules } from "~/domain/custom-design";
import type { Satang } from "~/domain/money";
import type { DesignerData, DesignerUploadView, SaveDesignResult, UploadResult, PrepareResult } from "~/features/designer/designer-types";
import { DesignerPage } from "~/features/designer/designer-page";
import type { Locale } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import type { Route } from "./+types/designer-harness";

const drafts = new Map<number, { design: CustomDesign; updatedAt: number }>();
const uploads: DesignerUploadView[] = [];
let nextId = 1;

async function load(db: D1Database, locale: Locale, designId: number | null): Promise<DesignerData> {
  const l = (en: string, th: string) => (locale === "th" ? th : en);
  const product = (await db.prepare("SELECT * FROM custom_products WHERE id = 1").first<Record<string, any>>())!;
  const attributes = (await db.prepare("SELECT * FROM custom_attributes WHERE custom_product_id = 1 ORDER BY sort_order").all<Record<string, any>>()).results;
  const options = (await db.prepare("SELECT o.* FROM custom_options o JOIN custom_attributes a ON a.id = o.custom_attribute_id WHERE a.custom_product_id = 1 ORDER BY o.sort_order").all<Record<string, any>>()).results;
  const banners = (await db.prepare("SELECT * FROM custom_banners WHERE custom_product_id = 1").all<Record<string, any>>()).results;
  const areas = (await db.prepare("SELECT * FROM custom_print_areas WHERE custom_product_id = 1").all<Record<string, any>>()).results;
  const presets = (await db.prepare("SELECT * FROM preset_images ORDER BY sort_order").all<Record<string, any>>()).results;
  const media = (key: string | null) => (key ? `/media/${key}` : null);
  const printAreas = Object.fromEntries(areas.map((a) => [a["side"], { x: a["x_mm"], y: a["y_mm"], width: a["width_mm"], height: a["height_mm"] }]));
  const view = {
    id: 1,
    slug: product["slug"],
    name: l(product["name_en"], product["name_th"]),
    description: l(product["description_en"], product["description_th"]),
    basePriceSatang: product["base_price_satang"],
    minQuantity: product["min_quantity"],
    mockup: { widthMm: product["mockup_width_mm"], heightMm: product["mockup_height_mm"], frontUrl: media(product["front_image_key"]), backUrl: media(product["back_image_key"]) },
    printAreas,
    attributes: attributes.map((a) => ({
      id: a["id"],
      code: a["code"],
      name: l(a["name_en"], a["name_th"]),
      options: options
        .filter((o) => o["custom_attribute_id"] === a["id"])
        .map((o) => ({ id: o["id"], code: o["code"], name: l(o["name_en"], o["name_th"]), imageUrl: media(o["image_key"]), colorHex: o["color_hex"], priceAddOnSatang: o["price_add_on_satang"] })),
    })),
    banners: banners.map((b) => ({ side: b["side"], position: b["position"], maxLength: b["max_length"], label: l(b["label_en"], b["label_th"]), box: { x: b["x_mm"], y: b["y_mm"], width: b["width_mm"], height: b["height_mm"] } })),
  } as DesignerData["product"];
  const rules: DesignProductRules = {
    id: 1,
    minQuantity: view.minQuantity,
    basePriceSatang: view.basePriceSatang as Satang,
    attributes: view.attributes.map((a) => ({ id: a.id, options: a.options.map((o) => ({ id: o.id, priceAddOnSatang: o.priceAddOnSatang as Satang })) })),
    banners: view.banners.map((b) => ({ side: b.side, position: b.position, maxLength: b.maxLength })),
    printAreas,
    presetImageIds: presets.map((p) => p["id"]),
  };
  const draft = designId ? drafts.get(designId) : undefined;
  return {
    product: view,
    presets: presets.map((p) => ({ id: p["id"], name: l(p["name_en"], p["name_th"]), url: `/media/${p["image_key"]}` })),
    uploads,
    design: { id: draft ? designId : null, status: "draft", editable: true, design: draft?.design ?? emptyDesign(1), reviewMessage: "", updatedAt: draft?.updatedAt ?? null },
    rules,
    printDpi: 150,
    maxUploadBytes: 10 * 1024 * 1024,
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  const id = Number(new URL(request.url).searchParams.get("design")) || null;
  return { designer: await load(getCloudflare(context).env.DB, locale, id), locale };
}

export async function action({ context, request }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  const form = await request.formData();
  const designer = await load(getCloudflare(context).env.DB, locale, null);
  const intent = form.get("intent");
  if (intent === "save") {
    const check = checkDesign(String(form.get("design")), designer.rules, { purpose: "draft" });
    if (!check.ok) return data({ ok: false, problems: check.problems, message: "invalid" } satisfies SaveDesignResult, 400);
    const id = Number(form.get("designId")) || nextId++;
    const savedAt = Date.now();
    drafts.set(id, { design: check.design, updatedAt: savedAt });
    return data({ ok: true, designId: id, savedAt, warnings: check.warnings } satisfies SaveDesignResult);
  }
  if (intent === "upload") {
    const file = form.get("file") as File;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const width = bytes[16]! * 16777216 + bytes[17]! * 65536 + bytes[18]! * 256 + bytes[19]!;
    const height = bytes[20]! * 16777216 + bytes[21]! * 65536 + bytes[22]! * 256 + bytes[23]!;
    const upload = { key: `u/${uploads.length + 1}`, url: `data:${file.type};base64,${btoa(binary)}`, pixelWidth: width || 100, pixelHeight: height || 100 };
    uploads.push(upload);
    return data({ ok: true, upload } satisfies UploadResult);
  }
  if (intent === "prepare") {
    const check = checkDesign(String(form.get("design")), designer.rules, { purpose: "submit" });
    if (!check.ok) return data({ ok: false, problems: check.problems, message: "invalid" } satisfies PrepareResult, 400);
    for (const name of ["previewFront", "previewBack", "printFront", "printBack"]) {
      const file = form.get(name) as File;
      const bytes = new Uint8Array(await file.arrayBuffer());
      const w = bytes[16]! * 16777216 + bytes[17]! * 65536 + bytes[18]! * 256 + bytes[19]!;
      const h = bytes[20]! * 16777216 + bytes[21]! * 65536 + bytes[22]! * 256 + bytes[23]!;
      console.log(`[harness] ${name}: ${file.size} bytes, ${w} x ${h} px`);
      await getCloudflare(context).env.MEDIA?.put?.(`harness/${name}.png`, bytes);
    }
    return redirect(`${new URL(request.url).pathname.replace(/\.data$/, "")}?design=${form.get("designId")}&step=send`);
  }
  return data({ ok: false, message: "unknown intent" }, 400);
}

export default function DesignerHarness({ loaderData }: Route.ComponentProps) {
  return <DesignerPage data={loaderData.designer} locale={loaderData.locale} />;
}
