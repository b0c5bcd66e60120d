import type Konva from "konva";
import { ArrowDown, ArrowUp, Lock, LockOpen, Redo2, Undo2, X, ZoomIn, ZoomOut } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { Stage } from "react-konva";
import { useNavigate } from "react-router";

import { checkBannerValue, graphemeLength } from "~/domain/banner-text";
import { checkDesign, type DesignElement, type KnownUploads, totalQuantity } from "~/domain/custom-design";
import {
  type BannerPosition,
  designFontById,
  designFonts,
  designFontSizes,
  designNotesMaxLength,
  type DesignSide,
  designTextColorHex,
  designTextColors,
  garmentSizes,
  maxElementsPerSide,
  maxQuantityPerSize,
} from "~/domain/design-options";
import { priceDesign } from "~/domain/design-price";
import { formatDecimal } from "~/domain/number-format";
import { type PlacedBox, printResolution } from "~/domain/print-area";
import { intlLocale, type Locale } from "~/i18n/config";
import { Price } from "~/ui/price";

import { DesignLayer, loadImage, MockupLayer } from "./designer-canvas";
import { defaultTextStyle, initialElementBox, nextZoom, nudge, pinchZoom, pixelsPerMillimetre, printPixels, zoomLevels } from "./designer-geometry";
import { describeProblem, type DesignerT, designerT } from "./designer-i18n";
import { canRedo, canUndo, type DesignerAction, designerReducer, designForSaving, elementsInOrder, initialHistory, type TextStyle } from "./designer-state";
import { type DesignerData, designerFieldNames, type DesignerUploadView, type PrepareResult, type SaveDesignResult, type UploadResult } from "./designer-types";
import { loadDesignFonts, registerDesignFonts } from "./fonts";

/**
 * The client-only custom-product designer (issue 6 item 2), loaded lazily by designer-page.tsx.
 * State lives in a pure reducer (designer-state.ts); the canvas draws in millimetres (ADR 0015).
 * It talks JSON to `data.endpoint` with fetch: `save` (debounced autosave), `upload`, `prepare`
 * (send for review with the four rendered PNGs; the answer's `location` is the send step).
 */

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: number } | { kind: "error"; message: string };

const acceptedUploadTypes = ["image/png", "image/jpeg", "image/webp"];
const autosaveDelayMs = 1500;

function formatBytes(bytes: number, locale: Locale): string {
  return `${formatDecimal(bytes / (1024 * 1024), intlLocale(locale), 1)} MB`;
}

/** POST a form to the designer's endpoint; every answer (also a refusal) is JSON. */
async function postJson<T>(endpoint: string, form: FormData): Promise<T> {
  const response = await fetch(endpoint, { method: "POST", body: form, headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!(response.headers.get("content-type") ?? "").includes("json")) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

function newElementId(): string {
  return `el-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export default function Designer({ data, locale }: { data: DesignerData; locale: Locale }) {
  const t = useMemo(() => designerT(locale), [locale]);
  const { product } = data;
  const editable = data.design.editable;
  const [history, dispatchRaw] = useReducer(designerReducer, data.design.design, initialHistory);
  const design = history.present;
  const dispatch = useCallback((action: DesignerAction) => editable && dispatchRaw(action), [editable]);
  const [side, setSide] = useState<DesignSide>("front");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [uploads, setUploads] = useState<DesignerUploadView[]>(data.uploads);
  const [saveState, setSaveState] = useState<SaveState>(data.design.updatedAt ? { kind: "saved", at: data.design.updatedAt } : { kind: "idle" });
  const [fontsVersion, setFontsVersion] = useState(0);
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);
  const [sendProblems, setSendProblems] = useState<string[]>([]);
  const [sendMessage, setSendMessage] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const area = product.printAreas[side];
  const sideDesign = design.sides[side];
  const sideBanners = product.banners.filter((banner) => banner.side === side);
  const forSaving = useMemo(() => designForSaving(design), [design]);
  const json = useMemo(() => JSON.stringify(forSaving), [forSaving]);
  const knownUploads: KnownUploads = useMemo(() => new Map(uploads.map((upload) => [upload.key, upload])), [uploads]);
  const price = priceDesign(design, data.rules);
  const quantity = totalQuantity(design.quantities);
  const check = useMemo(() => checkDesign(forSaving, data.rules, { purpose: "submit" }), [forSaving, data.rules]);
  const problemTexts = check.ok ? [] : check.problems.map((problem) => describeProblem(problem, t, product));
  // The server refuses a draft with problems other than the minimum quantity (e.g. an attribute
  // without a choice); autosave waits until the draft would be accepted and says why.
  const draftCheck = useMemo(() => checkDesign(forSaving, data.rules, { purpose: "draft" }), [forSaving, data.rules]);
  const draftBlocked = draftCheck.ok ? null : describeProblem(draftCheck.problems[0]!, t, product);

  // Fonts: register once, then redraw whenever the faces the texts use have arrived.
  const fontKey =
    designFonts.map((font) => font.id).join() +
    [...design.sides.front.texts, ...design.sides.back.texts].map((text) => `${text.fontId}:${text.text}`).join("|");
  useEffect(() => {
    registerDesignFonts();
    let live = true;
    const texts = [...design.sides.front.texts, ...design.sides.back.texts].flatMap((text) => {
      const font = designFontById(text.fontId);
      return font ? [{ font, text: text.text }] : [];
    });
    void loadDesignFonts(texts).then(() => live && setFontsVersion((version) => version + 1));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fontKey stands for the texts
  }, [fontKey]);

  // The canvas scales the mockup's millimetres to the width it has.
  const frame = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // On a phone the canvas stays in view (sticky) while the shopper edits below it, so it may use
    // at most ~40 % of the screen's height; on a desktop it has its own column.
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      const narrow = window.matchMedia("(max-width: 1023px)").matches;
      const heightCap = narrow ? (window.innerHeight * 0.4 * product.mockup.widthMm) / product.mockup.heightMm : Number.POSITIVE_INFINITY;
      setFrameWidth(Math.min(width, heightCap));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [product.mockup.widthMm, product.mockup.heightMm]);
  const scale = pixelsPerMillimetre(frameWidth, product.mockup.widthMm) * zoom;

  const urlOf = useCallback(
    (element: DesignElement) =>
      element.source.kind === "preset"
        ? data.presets.find((preset) => preset.id === (element.source as { presetImageId: number }).presetImageId)?.url
        : uploads.find((upload) => upload.key === (element.source as { uploadKey: string }).uploadKey)?.url,
    [data.presets, uploads],
  );
  const nameOf = useCallback(
    (element: DesignElement) => {
      if (element.source.kind === "preset") {
        const presetId = element.source.presetImageId;
        return data.presets.find((preset) => preset.id === presetId)?.name ?? `#${presetId}`;
      }
      const key = element.source.uploadKey;
      return t("images.yourUpload", { number: Math.max(1, uploads.findIndex((upload) => upload.key === key) + 1) });
    },
    [data.presets, uploads, t],
  );

  const tint = useMemo(() => {
    for (const choice of design.options) {
      const option = product.attributes.find((attribute) => attribute.id === choice.attributeId)?.options.find((candidate) => candidate.id === choice.optionId);
      if (option?.colorHex) return option.colorHex;
    }
    return null;
  }, [design.options, product.attributes]);
  // The "pattern" attribute's chosen option draws its image over the garment (a light tile; ADR 0015).
  const patternUrl = useMemo(() => {
    const attribute = product.attributes.find((candidate) => candidate.code === "pattern");
    const choice = attribute ? design.options.find((option) => option.attributeId === attribute.id) : undefined;
    const option = attribute?.options.find((candidate) => candidate.id === choice?.optionId);
    return option && !option.colorHex ? option.imageUrl : null;
  }, [design.options, product.attributes]);

  // Undo / redo from the keyboard anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z") return;
      event.preventDefault();
      dispatch({ type: event.shiftKey ? "redo" : "undo" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dispatch]);

  // ---- Autosave -------------------------------------------------------------------------------
  const navigate = useNavigate();
  const savedJson = useRef(json);
  const designIdRef = useRef(data.design.id);
  /** Bumped when a save ends with newer changes waiting: the debounce below then saves them. */
  const [saveRound, setSaveRound] = useState(0);
  const saving = useRef<Promise<SaveDesignResult | null> | null>(null);
  const saveAgain = useRef(false);

  /** Saves the draft now (one request at a time; a change during a save is saved right after). */
  const saveNow = useCallback(
    async (body: string): Promise<SaveDesignResult | null> => {
      if (saving.current) {
        saveAgain.current = true;
        return saving.current;
      }
      const run = (async () => {
        setSaveState({ kind: "saving" });
        const form = new FormData();
        form.set(designerFieldNames.intent, "save");
        if (designIdRef.current !== null) form.set(designerFieldNames.designId, String(designIdRef.current));
        form.set(designerFieldNames.design, body);
        try {
          const result = await postJson<SaveDesignResult>(data.endpoint, form);
          if (result.ok) {
            savedJson.current = body;
            designIdRef.current = result.designId;
            setSaveState({ kind: "saved", at: result.savedAt });
            const url = new URL(window.location.href);
            if (url.searchParams.get("design") !== String(result.designId)) {
              url.searchParams.set("design", String(result.designId));
              window.history.replaceState(window.history.state, "", url);
            }
          } else {
            setSaveState({ kind: "error", message: result.message });
          }
          return result;
        } catch {
          setSaveState({ kind: "error", message: t("autosave.offline") });
          return null;
        }
      })();
      saving.current = run;
      const result = await run;
      saving.current = null;
      if (saveAgain.current) {
        saveAgain.current = false;
        setSaveRound((round) => round + 1);
      }
      return result;
    },
    [data.endpoint, t],
  );
  useEffect(() => {
    if (!editable || draftBlocked !== null || json === savedJson.current) return;
    const timer = window.setTimeout(() => void saveNow(json), autosaveDelayMs);
    return () => window.clearTimeout(timer);
  }, [json, editable, draftBlocked, saveNow, saveRound]);

  // ---- Uploads --------------------------------------------------------------------------------
  const [uploading, setUploading] = useState(false);
  const addElement = useCallback(
    (targetSide: DesignSide, source: DesignElement["source"], pixelWidth: number, pixelHeight: number) => {
      const targetArea = product.printAreas[targetSide];
      if (!targetArea) return;
      const id = newElementId();
      dispatch({ type: "add-element", side: targetSide, element: { id, source, ...initialElementBox(targetArea, pixelWidth, pixelHeight), locked: false } });
      setSelectedId(id);
    },
    [dispatch, product.printAreas],
  );
  const onUpload = async (file: File | undefined) => {
    if (!file) return;
    if (!acceptedUploadTypes.includes(file.type)) return setUploadMessage(t("images.wrongType"));
    if (file.size > data.maxUploadBytes) return setUploadMessage(t("images.tooLarge", { max: formatBytes(data.maxUploadBytes, locale) }));
    setUploadMessage(null);
    const targetSide = side;
    const form = new FormData();
    form.set(designerFieldNames.intent, "upload");
    form.set(designerFieldNames.file, file);
    setUploading(true);
    try {
      const result = await postJson<UploadResult>(data.endpoint, form);
      if (!result.ok) {
        setUploadMessage(t("images.uploadFailed", { message: result.message }));
        return;
      }
      setUploads((current) => [...current.filter((upload) => upload.key !== result.upload.key), result.upload]);
      addElement(targetSide, { kind: "upload", uploadKey: result.upload.key }, result.upload.pixelWidth, result.upload.pixelHeight);
    } catch {
      setUploadMessage(t("images.uploadFailed", { message: t("autosave.offline") }));
    } finally {
      setUploading(false);
    }
  };
  const addPreset = async (presetId: number, url: string) => {
    let width = 1;
    let height = 1;
    try {
      const image = await loadImage(url);
      width = image.naturalWidth;
      height = image.naturalHeight;
    } catch {
      // A square until the picture is there.
    }
    addElement(side, { kind: "preset", presetImageId: presetId }, width, height);
  };

  // ---- Send for review ------------------------------------------------------------------------
  const stages = useRef(new Map<string, Konva.Stage>());
  const [sendQueued, setSendQueued] = useState(false);
  const send = async () => {
    setSendMessage(null);
    const result = checkDesign(forSaving, data.rules, { purpose: "submit", uploads: knownUploads });
    if (!result.ok) {
      setSendProblems(result.problems.map((problem) => describeProblem(problem, t, product)));
      return;
    }
    setSendProblems([]);
    if (designIdRef.current === null) {
      // Prepare needs a design id: before the first autosave, save first.
      setSendQueued(true);
      const saved = await saveNow(json);
      setSendQueued(false);
      if (!saved?.ok) return;
    }
    setExporting(true);
  };
  useEffect(() => {
    if (!exporting) return;
    let live = true;
    void (async () => {
      try {
        const texts = [...forSaving.sides.front.texts, ...forSaving.sides.back.texts].flatMap((text) => {
          const font = designFontById(text.fontId);
          return font ? [{ font, text: text.text }] : [];
        });
        const urls = [product.mockup.frontUrl, product.mockup.backUrl, ...[...forSaving.sides.front.elements, ...forSaving.sides.back.elements].map(urlOf)];
        await Promise.all([loadDesignFonts(texts), ...urls.flatMap((url) => (url ? [loadImage(url).catch(() => undefined)] : []))]);
        // Let the hidden stages draw with the loaded images and fonts.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const blob = async (name: string, pixelRatio: number): Promise<Blob> => {
          const stage = stages.current.get(name);
          if (!stage) return new Blob([], { type: "image/png" });
          stage.draw();
          return (await stage.toBlob({ pixelRatio, mimeType: "image/png" })) as Blob;
        };
        const previewRatio = 1000 / product.mockup.widthMm;
        const printRatio = data.printDpi / 25.4;
        const form = new FormData();
        form.set(designerFieldNames.intent, "prepare");
        if (designIdRef.current !== null) form.set(designerFieldNames.designId, String(designIdRef.current));
        form.set(designerFieldNames.design, JSON.stringify(forSaving));
        form.set(designerFieldNames.previewFront, await blob("preview-front", previewRatio), "preview-front.png");
        form.set(designerFieldNames.previewBack, await blob("preview-back", previewRatio), "preview-back.png");
        form.set(designerFieldNames.printFront, await blob("print-front", printRatio), "print-front.png");
        form.set(designerFieldNames.printBack, await blob("print-back", printRatio), "print-back.png");
        const result = await postJson<PrepareResult>(data.endpoint, form);
        if (!live) return;
        if (result.ok) {
          savedJson.current = JSON.stringify(forSaving);
          void navigate(result.location);
          return;
        }
        setSendMessage(t("send.failed", { message: result.message }));
        setSendProblems(result.problems.map((problem) => describeProblem(problem, t, product)));
      } catch (error) {
        if (live) setSendMessage(t("send.failed", { message: error instanceof Error ? error.message : String(error) }));
      } finally {
        if (live) setExporting(false);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per send
  }, [exporting]);
  const sending = exporting || sendQueued;

  // ---- Canvas interaction ---------------------------------------------------------------------
  const selected = sideDesign.elements.find((element) => element.id === selectedId) ?? null;
  const place = useCallback((id: string, box: PlacedBox) => dispatch({ type: "place-element", side, id, box }), [dispatch, side]);
  const onCanvasKey = (event: React.KeyboardEvent) => {
    if (!selected || !area || !editable) return;
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      dispatch({ type: "remove-element", side, id: selected.id });
      setSelectedId(null);
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight" || event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      if (!selected.locked) place(selected.id, nudge(selected, event.key, area));
    } else if (event.key === "Escape") {
      setSelectedId(null);
    }
  };
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const onTouchMove = (event: Konva.KonvaEventObject<TouchEvent>) => {
    const touches = event.evt.touches;
    if (touches.length !== 2) return;
    event.evt.preventDefault();
    const distance = Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);
    if (!pinch.current) pinch.current = { distance, zoom };
    else setZoom(pinchZoom(pinch.current.zoom, pinch.current.distance, distance));
  };

  const savedText =
    draftBlocked !== null && canUndo(history) && saveState.kind !== "saving"
      ? t("autosave.notSaved", { message: draftBlocked })
      : saveState.kind === "saving"
        ? t("autosave.saving")
        : saveState.kind === "saved"
          ? t("autosave.savedAt", { time: new Intl.DateTimeFormat(intlLocale(locale), { hour: "2-digit", minute: "2-digit" }).format(new Date(saveState.at)) })
          : saveState.kind === "error"
            ? t("autosave.notSaved", { message: saveState.message })
            : "";

  const sideLabel = (value: DesignSide) => t(value === "front" ? "canvas.front" : "canvas.back");
  const warnings = sideDesign.elements.flatMap((element) => {
    if (element.source.kind !== "upload") return [];
    const uploadKey = element.source.uploadKey;
    const upload = uploads.find((candidate) => candidate.key === uploadKey);
    if (!upload) return [];
    const resolution = printResolution(upload, element);
    return resolution.low
      ? [
          {
            id: element.id,
            text: t("images.lowResolution", {
              name: nameOf(element),
              dpi: resolution.dpi,
              width: resolution.neededPixels.width,
              height: resolution.neededPixels.height,
            }),
          },
        ]
      : [];
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]" data-testid="designer">
      {data.design.status === "changes_requested" && data.design.reviewMessage ? (
        <div className="rounded-md border border-amber-300 lg:col-span-2 bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="review-message">
          <p className="font-semibold">{t("status.changesRequested")}</p>
          <p className="mt-1 whitespace-pre-line">{data.design.reviewMessage}</p>
        </div>
      ) : null}
      {!editable ? (
        <div className="rounded-md border border-line bg-surface p-3 text-sm lg:col-span-2" role="status" data-testid="read-only">
          <p className="font-semibold">{t("status.heading", { status: t(`status.${data.design.status}`) })}</p>
          <p>{t("status.readOnly")}</p>
        </div>
      ) : null}
      <div className="sticky top-14 z-10 min-w-0 self-start bg-white pb-1 lg:top-4">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <div role="group" aria-label={t("canvas.side")} className="inline-flex overflow-hidden rounded-md border border-line">
            {(["front", "back"] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={side === value}
                onClick={() => {
                  setSide(value);
                  setSelectedId(null);
                }}
                className={`px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary ${side === value ? "bg-primary text-white" : "bg-white text-ink"}`}
              >
                {sideLabel(value)}
              </button>
            ))}
          </div>
          <ToolButton label={t("canvas.zoomOut")} onClick={() => setZoom((value) => nextZoom(value, "out"))} disabled={zoom <= zoomLevels[0]}>
            <ZoomOut className="size-4" aria-hidden />
          </ToolButton>
          <span className="min-w-16 text-center text-sm tabular-nums" aria-live="polite">
            {t("canvas.zoom", { percent: Math.round(zoom * 100) })}
          </span>
          <ToolButton
            label={t("canvas.zoomIn")}
            onClick={() => setZoom((value) => nextZoom(value, "in"))}
            disabled={zoom >= (zoomLevels[zoomLevels.length - 1] ?? 1)}
          >
            <ZoomIn className="size-4" aria-hidden />
          </ToolButton>
          <span className="mx-1 h-6 w-px bg-line" aria-hidden />
          <ToolButton label={t("canvas.undo")} onClick={() => dispatch({ type: "undo" })} disabled={!editable || !canUndo(history)}>
            <Undo2 className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label={t("canvas.redo")} onClick={() => dispatch({ type: "redo" })} disabled={!editable || !canRedo(history)}>
            <Redo2 className="size-4" aria-hidden />
          </ToolButton>
          <span className="ml-auto text-sm text-ink-muted" role="status" aria-live="polite" data-testid="autosave">
            {savedText}
          </span>
        </div>
        <div
          ref={frame}
          tabIndex={0}
          role="application"
          aria-label={t("canvas.label", { side: sideLabel(side) })}
          aria-describedby="designer-keyboard-hint"
          onKeyDown={onCanvasKey}
          className="relative flex max-h-[80vh] justify-center-safe overflow-auto rounded-lg border border-line bg-white focus-visible:outline-2 focus-visible:outline-primary"
          data-testid="designer-canvas"
        >
          {frameWidth > 0 ? (
            <Stage
              width={product.mockup.widthMm * scale}
              height={product.mockup.heightMm * scale}
              scaleX={scale}
              scaleY={scale}
              onMouseDown={(event) => event.target === event.target.getStage() && setSelectedId(null)}
              onTouchStart={(event) => {
                pinch.current = null;
                if (event.target === event.target.getStage()) setSelectedId(null);
              }}
              onTouchMove={onTouchMove}
              onTouchEnd={() => (pinch.current = null)}
            >
              <MockupLayer
                url={side === "front" ? product.mockup.frontUrl : product.mockup.backUrl}
                widthMm={product.mockup.widthMm}
                heightMm={product.mockup.heightMm}
                tint={tint}
                patternUrl={patternUrl}
              />
              <DesignLayer
                side={side}
                texts={sideDesign.texts}
                elements={sideDesign.elements}
                banners={product.banners}
                area={area}
                urlOf={urlOf}
                mode="edit"
                editable={editable}
                fontsVersion={fontsVersion}
                handlers={{ selectedId, onSelect: setSelectedId, onPlace: place }}
              />
            </Stage>
          ) : (
            <div style={{ aspectRatio: `${product.mockup.widthMm} / ${product.mockup.heightMm}` }} />
          )}
        </div>
        <p id="designer-keyboard-hint" className="sr-only mt-1 text-xs text-ink-muted lg:not-sr-only">
          {t("canvas.keyboardHint")}
          {selected ? ` ${t("canvas.selected", { name: nameOf(selected) })}` : ""}
        </p>
      </div>

      {/* Below the sticky canvas on a phone: focus and scrollIntoView keep controls clear of it. */}
      <fieldset disabled={!editable} className="min-w-0 space-y-6 [&_*]:scroll-mt-[calc(40vh+8rem)] lg:[&_*]:scroll-mt-4">
        <Section title={t("options.heading")}>
          {product.attributes.map((attribute) => {
            const chosen = design.options.find((choice) => choice.attributeId === attribute.id)?.optionId;
            return (
              <div key={attribute.id} role="radiogroup" aria-label={attribute.name} className="mb-3" data-testid={`attribute-${attribute.code}`}>
                <p className="mb-1 text-sm font-medium">
                  {attribute.name}
                  {chosen ? `: ${attribute.options.find((option) => option.id === chosen)?.name ?? ""}` : ""}
                </p>
                <div className="flex flex-wrap gap-2">
                  {attribute.options.map((option) => (
                    <button
                      key={option.id}
                      type="button"
                      role="radio"
                      aria-checked={chosen === option.id}
                      onClick={() => dispatch({ type: "choose-option", attributeId: attribute.id, optionId: option.id })}
                      className={`flex w-20 flex-col items-center gap-1 rounded-md border p-1 text-center text-xs focus-visible:outline-2 focus-visible:outline-primary ${
                        chosen === option.id ? "border-primary ring-2 ring-primary" : "border-line"
                      }`}
                      data-testid={`option-${attribute.code}-${option.code}`}
                    >
                      {option.colorHex ? (
                        <span className="size-10 rounded-full border border-line" style={{ backgroundColor: option.colorHex }} aria-hidden />
                      ) : option.imageUrl ? (
                        <img src={option.imageUrl} alt="" className="size-10 rounded object-cover" loading="lazy" />
                      ) : (
                        <span className="size-10" aria-hidden />
                      )}
                      <span className="leading-tight">{option.name}</span>
                      <span className="text-ink-muted">
                        {option.priceAddOnSatang > 0 ? (
                          <>
                            +<Price satang={option.priceAddOnSatang} />
                          </>
                        ) : (
                          t("options.included")
                        )}
                      </span>
                    </button>
                  ))}
                </div>
              </div>
            );
          })}
        </Section>

        <Section title={`${t("banners.heading")} · ${sideLabel(side)}`}>
          {sideBanners.length === 0 ? <p className="text-sm text-ink-muted">{t("banners.none")}</p> : null}
          {sideBanners.map((banner) => (
            <BannerEditor
              key={`${banner.side}-${banner.position}`}
              t={t}
              side={side}
              position={banner.position}
              label={banner.label}
              maxLength={banner.maxLength}
              number={banner.number}
              defaults={defaultTextStyle(banner.box, tint)}
              value={sideDesign.texts.find((text) => text.position === banner.position)}
              dispatch={dispatch}
            />
          ))}
        </Section>

        <Section title={`${t("images.heading")} · ${sideLabel(side)}`}>
          {!area ? (
            <p className="text-sm text-ink-muted">{t("images.noPrintArea")}</p>
          ) : (
            <>
              <p className="mb-1 text-sm font-medium">{t("images.presets")}</p>
              <div className="mb-3 flex flex-wrap gap-2">
                {data.presets.map((preset) => (
                  <button
                    key={preset.id}
                    type="button"
                    onClick={() => void addPreset(preset.id, preset.url)}
                    disabled={sideDesign.elements.length >= maxElementsPerSide}
                    aria-label={t("images.addPreset", { name: preset.name })}
                    className="flex w-16 flex-col items-center rounded-md border border-line p-1 text-xs focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
                    data-testid={`preset-${preset.id}`}
                  >
                    <img src={preset.url} alt="" className="size-12 object-contain" />
                    <span>{preset.name}</span>
                  </button>
                ))}
              </div>
              {/* Our own button text: the browser's "Choose File" would be in the browser's language, not the page's. */}
              <label className="btn-ghost mt-1 inline-flex cursor-pointer border border-line text-sm font-medium focus-within:outline-2 focus-within:outline-primary">
                {t("images.upload")}
                <input
                  type="file"
                  accept={acceptedUploadTypes.join(",")}
                  className="sr-only"
                  disabled={uploading || sideDesign.elements.length >= maxElementsPerSide}
                  onChange={(event) => {
                    void onUpload(event.currentTarget.files?.[0]);
                    event.currentTarget.value = "";
                  }}
                  data-testid="upload"
                />
              </label>
              <p className="mt-1 text-xs text-ink-muted">{t("images.uploadHint", { max: formatBytes(data.maxUploadBytes, locale) })}</p>
              {uploading ? (
                <p className="text-sm" role="status">
                  {t("images.uploading")}
                </p>
              ) : null}
              {uploadMessage ? (
                <p className="text-sm text-red-700" role="alert">
                  {uploadMessage}
                </p>
              ) : null}
              {sideDesign.elements.length >= maxElementsPerSide ? (
                <p className="text-sm text-ink-muted">{t("images.full", { max: maxElementsPerSide })}</p>
              ) : null}
              {warnings.map((warning) => (
                <p key={warning.id} className="mt-1 text-sm text-amber-800" data-testid="low-resolution">
                  {warning.text}
                </p>
              ))}
            </>
          )}
        </Section>

        <Section title={`${t("layers.heading")} · ${sideLabel(side)}`}>
          {sideDesign.elements.length === 0 ? <p className="text-sm text-ink-muted">{t("layers.empty")}</p> : null}
          <ol className="space-y-1" data-testid="layers">
            {elementsInOrder(sideDesign.elements)
              .reverse()
              .map((element, index, list) => {
                const name = nameOf(element);
                return (
                  <li
                    key={element.id}
                    className={`flex items-center gap-1 rounded-md border px-2 py-1 text-sm ${selectedId === element.id ? "border-primary" : "border-line"}`}
                  >
                    <button
                      type="button"
                      className="flex-1 truncate text-left focus-visible:outline-2 focus-visible:outline-primary"
                      aria-label={t("layers.select", { name })}
                      onClick={() => setSelectedId(element.locked ? null : element.id)}
                    >
                      {name}
                      {element.locked ? ` (${t("layers.locked")})` : ""}
                    </button>
                    <ToolButton
                      label={t("layers.up", { name })}
                      onClick={() => dispatch({ type: "move-layer", side, id: element.id, direction: "up" })}
                      disabled={index === 0}
                    >
                      <ArrowUp className="size-4" aria-hidden />
                    </ToolButton>
                    <ToolButton
                      label={t("layers.down", { name })}
                      onClick={() => dispatch({ type: "move-layer", side, id: element.id, direction: "down" })}
                      disabled={index === list.length - 1}
                    >
                      <ArrowDown className="size-4" aria-hidden />
                    </ToolButton>
                    <ToolButton
                      label={t(element.locked ? "layers.unlock" : "layers.lock", { name })}
                      pressed={element.locked}
                      onClick={() => {
                        dispatch({ type: "toggle-lock", side, id: element.id });
                        if (!element.locked && selectedId === element.id) setSelectedId(null);
                      }}
                    >
                      {element.locked ? <Lock className="size-4" aria-hidden /> : <LockOpen className="size-4" aria-hidden />}
                    </ToolButton>
                    <ToolButton
                      label={t("layers.remove", { name })}
                      onClick={() => {
                        dispatch({ type: "remove-element", side, id: element.id });
                        if (selectedId === element.id) setSelectedId(null);
                      }}
                    >
                      <X className="size-4" aria-hidden />
                    </ToolButton>
                  </li>
                );
              })}
          </ol>
        </Section>

        <Section title={t("sizes.heading")}>
          <div className="grid grid-cols-4 gap-2">
            {garmentSizes.map((size) => (
              <label key={size} className="text-sm">
                <span className="block text-center font-medium uppercase">{size}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={maxQuantityPerSize}
                  step={1}
                  value={design.quantities[size]}
                  aria-label={t("sizes.quantity", { size: size.toUpperCase() })}
                  onChange={(event) => dispatch({ type: "set-quantity", size, quantity: Number(event.currentTarget.value) })}
                  className="w-full rounded-md border border-line px-2 py-1.5 text-center tabular-nums"
                  data-testid={`quantity-${size}`}
                />
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm">
            {t("sizes.total", { count: quantity })} · <span className="text-ink-muted">{t("sizes.minimum", { count: Math.max(1, product.minQuantity) })}</span>
          </p>
        </Section>

        <Section title={t("notes.label")}>
          <textarea
            aria-label={t("notes.label")}
            value={design.notes}
            rows={3}
            onChange={(event) => dispatch({ type: "set-notes", notes: event.currentTarget.value })}
            className="w-full rounded-md border border-line px-2 py-1.5 text-sm"
            data-testid="notes"
          />
          <p className="text-right text-xs text-ink-muted">{t("notes.count", { length: graphemeLength(design.notes), max: designNotesMaxLength })}</p>
        </Section>
      </fieldset>

      <div
        className="space-y-3 rounded-lg border border-line bg-surface p-4 lg:col-start-2 [&_*]:scroll-mt-[calc(40vh+8rem)] lg:[&_*]:scroll-mt-4"
        data-testid="designer-summary"
      >
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt>{t("price.perGarment")}</dt>
          <dd className="text-right">
            <Price satang={price.listUnitPrice} />
          </dd>
          <dt className="font-semibold">{t("price.total")}</dt>
          <dd className="text-right font-semibold" data-testid="designer-total">
            <Price satang={price.total} />
          </dd>
        </dl>
        <p className="text-xs text-ink-muted">{t("price.note")}</p>
        {editable ? (
          <>
            {(sendProblems.length > 0 ? sendProblems : problemTexts).length > 0 ? (
              <div role="alert" aria-live="polite" data-testid="designer-problems">
                <p className="text-sm font-semibold">{t("send.problemsHeading")}</p>
                <ul className="list-disc ps-5 text-sm text-red-700">
                  {(sendProblems.length > 0 ? sendProblems : problemTexts).map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {sendMessage ? (
              <p className="text-sm text-red-700" role="alert">
                {sendMessage}
              </p>
            ) : null}
            <button
              type="button"
              onClick={() => void send()}
              disabled={sending}
              className="w-full rounded-md bg-primary px-4 py-3 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
              data-testid="send-for-review"
            >
              {sending ? t("send.preparing") : t("send.button")}
            </button>
          </>
        ) : null}
      </div>

      {exporting ? (
        <div aria-hidden style={{ position: "fixed", left: -100000, top: 0, width: 1, height: 1, overflow: "hidden" }}>
          {(["front", "back"] as const).map((exportSide) => {
            const exportArea = product.printAreas[exportSide] ?? { x: 0, y: 0, width: product.mockup.widthMm, height: product.mockup.heightMm };
            const content = forSaving.sides[exportSide];
            const layer = (mode: "preview" | "print") => (
              <DesignLayer
                side={exportSide}
                texts={content.texts}
                elements={content.elements}
                banners={product.banners}
                area={product.printAreas[exportSide]}
                urlOf={urlOf}
                mode={mode}
                editable={false}
                fontsVersion={fontsVersion}
              />
            );
            return (
              <div key={exportSide}>
                <Stage
                  ref={(stage) => void (stage ? stages.current.set(`preview-${exportSide}`, stage) : stages.current.delete(`preview-${exportSide}`))}
                  width={product.mockup.widthMm}
                  height={product.mockup.heightMm}
                >
                  <MockupLayer
                    url={exportSide === "front" ? product.mockup.frontUrl : product.mockup.backUrl}
                    widthMm={product.mockup.widthMm}
                    heightMm={product.mockup.heightMm}
                    tint={tint}
                    patternUrl={patternUrl}
                  />
                  {layer("preview")}
                </Stage>
                {/* Only the print area: the stage is the area's size, the drawing shifted by its corner. */}
                <Stage
                  ref={(stage) => void (stage ? stages.current.set(`print-${exportSide}`, stage) : stages.current.delete(`print-${exportSide}`))}
                  width={printPixels(exportArea.width, 25.4)}
                  height={printPixels(exportArea.height, 25.4)}
                  x={-exportArea.x}
                  y={-exportArea.y}
                >
                  {layer("print")}
                </Stage>
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-line bg-white p-4">
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function ToolButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-9 items-center justify-center rounded-md border border-line bg-white text-base focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40"
    >
      {children}
    </button>
  );
}

function BannerEditor({
  t,
  side,
  position,
  label,
  maxLength,
  number,
  defaults,
  value,
  dispatch,
}: {
  t: DesignerT;
  side: DesignSide;
  position: BannerPosition;
  label: string;
  maxLength: number;
  number: boolean;
  defaults: TextStyle;
  value: { text: string; fontId: number; color: string; fontSize: number } | undefined;
  dispatch: (action: DesignerAction) => void;
}) {
  const id = `banner-${side}-${position}`;
  const text = value?.text ?? "";
  const style = value ?? defaults;
  const font = designFontById(style.fontId);
  // The same rule the server applies: letters in the player's number are refused, said at once.
  const notANumber = number && text !== "" && !checkBannerValue(position, text, maxLength).ok;
  return (
    <div className="mb-4 border-b border-line pb-4 last:mb-0 last:border-0 last:pb-0" data-testid={id}>
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span className="text-xs tabular-nums text-ink-muted" aria-live="polite" data-testid={`${id}-count`}>
          {t("banners.count", { length: graphemeLength(text), max: maxLength })}
        </span>
      </div>
      <input
        id={id}
        type="text"
        value={text}
        onChange={(event) => dispatch({ type: "set-text", side, position, text: event.currentTarget.value, maxLength, defaults })}
        className={`mt-1 w-full rounded-md border px-2 py-1.5 ${notANumber ? "border-error" : "border-line"}`}
        style={font ? { fontFamily: `"${font.family}", sans-serif`, fontWeight: font.weight } : undefined}
        autoComplete="off"
        {...(number ? { inputMode: "numeric" as const, pattern: "[0-9๐-๙]{1,3}", "aria-invalid": notANumber, "aria-describedby": `${id}-error` } : {})}
      />
      {number ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error" data-testid={`${id}-error`}>
          {notANumber ? t("banners.numberOnly", { max: maxLength }) : null}
        </p>
      ) : null}
      <div className="mt-2 grid grid-cols-2 gap-2">
        <label className="text-xs">
          {t("banners.font")}
          <select
            value={style.fontId}
            onChange={(event) =>
              dispatch({ type: "set-text-style", side, position, style: { fontId: Number(event.currentTarget.value) as TextStyle["fontId"] }, defaults })
            }
            className="mt-0.5 block w-full rounded-md border border-line px-1 py-1 text-sm"
          >
            {designFonts.map((option) => (
              <option key={option.id} value={option.id}>
                {option.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs">
          {t("banners.size")}
          <select
            value={style.fontSize}
            onChange={(event) =>
              dispatch({ type: "set-text-style", side, position, style: { fontSize: Number(event.currentTarget.value) as TextStyle["fontSize"] }, defaults })
            }
            className="mt-0.5 block w-full rounded-md border border-line px-1 py-1 text-sm"
          >
            {designFontSizes.map((size) => (
              <option key={size} value={size}>
                {t("banners.sizeValue", { size })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="radiogroup" aria-label={t("banners.colour")} className="mt-2 flex flex-wrap items-center gap-1.5">
        <span className="me-1 text-xs">{t("banners.colour")}</span>
        {designTextColors.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={style.color === color}
            aria-label={t(`banners.colours.${color}`)}
            title={t(`banners.colours.${color}`)}
            onClick={() => dispatch({ type: "set-text-style", side, position, style: { color }, defaults })}
            className={`size-7 rounded-full border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${style.color === color ? "ring-2 ring-primary ring-offset-1" : "border-line"}`}
            style={{ backgroundColor: designTextColorHex[color] }}
          />
        ))}
      </div>
    </div>
  );
}
