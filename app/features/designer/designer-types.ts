import type { CustomDesign, DesignProblem, DesignProductRules, DesignWarning } from "~/domain/custom-design";
import type { BannerPosition, DesignSide } from "~/domain/design-options";
import type { PrintArea, Rect } from "~/domain/print-area";

/**
 * The contract between the designer page's server side (app/features/custom/*.server.ts, the route
 * app/routes/storefront/custom-designer.tsx) and the client-only designer (react-konva,
 * app/features/designer/designer.client.tsx). Everything here is plain JSON from the loader.
 * Geometry is in millimetres on the side's mockup (ADR 0015).
 */

export interface DesignerOptionView {
  id: number;
  code: string;
  /** In the page's language. */
  name: string;
  imageUrl: string | null;
  colorHex: string | null;
  priceAddOnSatang: number;
}

export interface DesignerAttributeView {
  id: number;
  code: string;
  name: string;
  options: DesignerOptionView[];
}

export interface DesignerBannerView {
  side: DesignSide;
  position: BannerPosition;
  /** Characters (graphemes) allowed: the product's max_length, never above spec 25 / 7 / 25 (a number: 3). */
  maxLength: number;
  /** The player's number (the center banner): digits only (app/domain/banner-text.ts). */
  number: boolean;
  label: string;
  /** The box the text is drawn in: centred, shrunk to fit its width. */
  box: Rect;
}

export interface DesignerProductView {
  id: number;
  slug: string;
  name: string;
  description: string;
  basePriceSatang: number;
  minQuantity: number;
  mockup: { widthMm: number; heightMm: number; frontUrl: string | null; backUrl: string | null };
  printAreas: Partial<Record<DesignSide, PrintArea>>;
  attributes: DesignerAttributeView[];
  banners: DesignerBannerView[];
}

export interface DesignerPresetView {
  id: number;
  name: string;
  url: string;
}

/** An image this shopper uploaded (private; `url` streams it to its owner only). */
export interface DesignerUploadView {
  key: string;
  url: string;
  pixelWidth: number;
  pixelHeight: number;
}

export type DesignerDesignStatus = "draft" | "submitted" | "changes_requested" | "confirmed" | "rejected";

export interface DesignerDesignView {
  /** null until the first autosave. */
  id: number | null;
  status: DesignerDesignStatus;
  /** Only draft and changes_requested designs can be edited. */
  editable: boolean;
  design: CustomDesign;
  /** Staff's message when they asked for changes. */
  reviewMessage: string;
  updatedAt: number | null;
}

/** What the designer route's loader gives the designer. */
export interface DesignerData {
  product: DesignerProductView;
  presets: DesignerPresetView[];
  uploads: DesignerUploadView[];
  design: DesignerDesignView;
  /** The same rules the server checks with (app/domain/custom-design.ts). */
  rules: DesignProductRules;
  /** Print resolution the print images are rendered at. */
  printDpi: number;
  /** Largest upload accepted, bytes. */
  maxUploadBytes: number;
  /** Where the designer POSTs its JSON calls (save, upload, prepare): `/custom/select/{id}/designs` in the page's language. */
  endpoint: string;
}

/**
 * The designer's JSON calls: POST to `DesignerData.endpoint` with `fetch` (FormData body, multipart
 * or urlencoded; field `intent`). Every answer is JSON (`Response.json`), also for failures:
 *
 * - `save`    fields `designId` (digits, optional), `design` (JSON) → {@link SaveDesignResult}.
 *             Drafts skip the minimum quantity. The designer autosaves with this (debounced ~1.5 s).
 * - `upload`  field `file` (PNG, JPEG or WebP, ≤ maxUploadBytes) → {@link UploadResult}.
 * - `prepare` fields `designId`, `design` (JSON), and four PNG files `previewFront`, `previewBack`
 *             (the whole side with the mockup, ~1000 px wide), `printFront`, `printBack` (only the
 *             print area, transparent background, at printDpi) → {@link PrepareResult}: on success
 *             `location` is the send step (`…?design={id}&step=send`) to navigate to.
 *
 * Failures answer 4xx with the JSON body below; messages are already in the page's language. A
 * guest's first save or upload starts their session (Set-Cookie on the answer).
 */
export type SaveDesignResult =
  { ok: true; designId: number; savedAt: number; warnings: DesignWarning[] } | { ok: false; problems: DesignProblem[]; message: string };

export type UploadResult = { ok: true; upload: DesignerUploadView } | { ok: false; message: string };

export type PrepareResult = { ok: true; location: string } | { ok: false; problems: DesignProblem[]; message: string };

export const designerFieldNames = {
  intent: "intent",
  designId: "designId",
  design: "design",
  file: "file",
  previewFront: "previewFront",
  previewBack: "previewBack",
  printFront: "printFront",
  printBack: "printBack",
} as const;
