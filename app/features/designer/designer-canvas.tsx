import type Konva from "konva";
import { useEffect, useRef, useState } from "react";
import { Group, Image as KonvaImage, Layer, Rect, Text, Transformer } from "react-konva";

import type { DesignBannerText, DesignElement } from "~/domain/custom-design";
import { designFontById, type DesignSide, designTextColorHex } from "~/domain/design-options";
import type { PlacedBox, PrintArea } from "~/domain/print-area";

import { fittedFontSize, fromNode, placeInside, toNode } from "./designer-geometry";
import { elementsInOrder } from "./designer-state";
import type { DesignerBannerView } from "./designer-types";

/**
 * The Konva layers of one garment side, drawn in millimetres (the stage scales them). Used by the
 * interactive canvas (`mode: "edit"`) and by the hidden stages that render the PNGs sent for review:
 * `preview` (mockup and design, no print-area outline) and `print` (only the design; the caller
 * crops the stage to the print area; transparent background).
 */

const imageCache = new Map<string, Promise<HTMLImageElement>>();
const loadedImages = new Map<string, HTMLImageElement>();

/** Loads an image once for the whole designer (same-origin URLs, so the canvas stays exportable). */
export function loadImage(url: string): Promise<HTMLImageElement> {
  let promise = imageCache.get(url);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const image = new window.Image();
      image.onload = () => {
        loadedImages.set(url, image);
        resolve(image);
      };
      image.onerror = () => {
        imageCache.delete(url);
        reject(new Error(`Image failed to load: ${url}`));
      };
      image.src = url;
    });
    imageCache.set(url, promise);
  }
  return promise;
}

export function useImage(url: string | null | undefined): HTMLImageElement | undefined {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!url || loadedImages.has(url)) return;
    let live = true;
    loadImage(url).then(
      (image) => live && setLoaded({ url, image }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!url) return undefined;
  return loadedImages.get(url) ?? (loaded?.url === url ? loaded.image : undefined);
}

const measureContext = typeof document !== "undefined" ? document.createElement("canvas").getContext("2d") : null;

/** The text's width in millimetres at `fontSizeMm` (canvas measureText at 100 px, scaled). */
export function measureTextWidth(text: string, fontId: number, fontSizeMm: number): number {
  const font = designFontById(fontId);
  if (!measureContext || !font) return 0;
  measureContext.font = `${font.weight} 100px "${font.family}"`;
  return (measureContext.measureText(text).width / 100) * fontSizeMm;
}

/** The garment: its picture tinted by the chosen colour (multiply), masked to the picture's own shape. */
/** Millimetres one tile of a pattern option's image covers on the garment. */
const patternTileMm = 120;

/**
 * The garment: the mockup image, tinted by the chosen colour and overlaid with the chosen pattern
 * (both multiplied, so a white garment shows them as they are and shading stays), then cut back to
 * the mockup's own shape. A pattern image is a light tile (white = no change): ADR 0015.
 */
export function MockupLayer({
  url,
  widthMm,
  heightMm,
  tint,
  patternUrl,
}: {
  url: string | null;
  widthMm: number;
  heightMm: number;
  tint: string | null;
  patternUrl?: string | null;
}) {
  const image = useImage(url);
  const pattern = useImage(patternUrl);
  const patternScale = pattern ? patternTileMm / Math.max(1, pattern.naturalWidth || pattern.width) : 1;
  return (
    <Layer listening={false}>
      {image ? <KonvaImage image={image} x={0} y={0} width={widthMm} height={heightMm} /> : <Rect width={widthMm} height={heightMm} fill="#f3f4f6" />}
      {image && (tint || pattern) ? (
        <>
          {tint ? <Rect width={widthMm} height={heightMm} fill={tint} globalCompositeOperation="multiply" /> : null}
          {pattern ? (
            <Rect
              width={widthMm}
              height={heightMm}
              fillPatternImage={pattern}
              fillPatternRepeat="repeat"
              fillPatternScale={{ x: patternScale, y: patternScale }}
              globalCompositeOperation="multiply"
            />
          ) : null}
          <KonvaImage image={image} x={0} y={0} width={widthMm} height={heightMm} globalCompositeOperation="destination-in" />
        </>
      ) : null}
    </Layer>
  );
}

export function BannerTextNode({ text, box, fontsVersion }: { text: DesignBannerText; box: DesignerBannerView["box"]; fontsVersion: number }) {
  const font = designFontById(text.fontId);
  if (!font || text.text.trim() === "") return null;
  // fontSize is millimetres of em height on the garment (the stage draws in millimetres), shrunk to fit the box width.
  const size = fittedFontSize(text.fontSize, measureTextWidth(text.text, text.fontId, text.fontSize), box.width);
  return (
    <Text
      key={`${text.position}-${fontsVersion}`}
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      text={text.text}
      fontFamily={`"${font.family}"`}
      fontStyle={String(font.weight)}
      fontSize={size}
      fill={designTextColorHex[text.color]}
      align="center"
      verticalAlign="middle"
      wrap="none"
      listening={false}
    />
  );
}

export interface ElementHandlers {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onPlace: (id: string, box: PlacedBox) => void;
}

function ElementNode({
  element,
  url,
  area,
  editable,
  handlers,
  nodeRef,
}: {
  element: DesignElement;
  url: string | undefined;
  area: PrintArea | undefined;
  editable: boolean;
  handlers?: ElementHandlers;
  nodeRef?: (node: Konva.Image | null) => void;
}) {
  const image = useImage(url);
  const node = toNode(element);
  const interactive = Boolean(handlers) && editable && !element.locked;
  const settle = (target: Konva.Node) => {
    if (!handlers || !area) return;
    const box = placeInside(
      fromNode({
        x: target.x(),
        y: target.y(),
        width: element.width,
        height: element.height,
        scaleX: target.scaleX(),
        scaleY: target.scaleY(),
        rotation: target.rotation(),
      }),
      area,
    );
    // Put the node where the design says even when the clamped box equals the old one (no re-render then).
    const settled = toNode(box);
    target.setAttrs({ ...settled, scaleX: 1, scaleY: 1 });
    handlers.onPlace(element.id, box);
  };
  if (!image) return <Rect {...node} fill="rgba(0,0,0,0.06)" listening={false} />;
  return (
    <KonvaImage
      ref={nodeRef}
      name={`element-${element.id}`}
      image={image}
      {...node}
      draggable={interactive}
      listening={Boolean(handlers) && editable}
      onMouseDown={() => interactive && handlers?.onSelect(element.id)}
      onTouchStart={() => interactive && handlers?.onSelect(element.id)}
      onDragStart={() => handlers?.onSelect(element.id)}
      onDragEnd={(event) => settle(event.target)}
      onTransformEnd={(event) => settle(event.target)}
    />
  );
}

export function DesignLayer({
  side,
  texts,
  elements,
  banners,
  area,
  urlOf,
  mode,
  editable,
  fontsVersion,
  handlers,
}: {
  side: DesignSide;
  texts: readonly DesignBannerText[];
  elements: readonly DesignElement[];
  banners: readonly DesignerBannerView[];
  area: PrintArea | undefined;
  urlOf: (element: DesignElement) => string | undefined;
  mode: "edit" | "preview" | "print";
  editable: boolean;
  fontsVersion: number;
  handlers?: ElementHandlers;
}) {
  const transformer = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<string, Konva.Image>());
  const selectedId = handlers?.selectedId ?? null;
  const ordered = elementsInOrder(elements);

  useEffect(() => {
    const node = selectedId ? nodes.current.get(selectedId) : undefined;
    transformer.current?.nodes(node ? [node] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [selectedId, elements]);

  const coarse = typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches;
  return (
    <Layer>
      {mode === "edit" && area ? (
        <Rect
          x={area.x}
          y={area.y}
          width={area.width}
          height={area.height}
          stroke="#2563eb"
          strokeWidth={1}
          dash={[6, 4]}
          strokeScaleEnabled={false}
          listening={false}
        />
      ) : null}
      <Group>
        {ordered.map((element) => (
          <ElementNode
            key={element.id}
            element={element}
            url={urlOf(element)}
            area={area}
            editable={editable}
            handlers={handlers}
            nodeRef={(node) => {
              if (node) nodes.current.set(element.id, node);
              else nodes.current.delete(element.id);
            }}
          />
        ))}
      </Group>
      {texts.map((text) => {
        const banner = banners.find((candidate) => candidate.side === side && candidate.position === text.position);
        return banner ? <BannerTextNode key={text.position} text={text} box={banner.box} fontsVersion={fontsVersion} /> : null;
      })}
      {mode === "edit" && handlers ? (
        <Transformer
          ref={transformer}
          rotateEnabled
          keepRatio
          flipEnabled={false}
          enabledAnchors={["top-left", "top-right", "bottom-left", "bottom-right"]}
          anchorSize={coarse ? 22 : 12}
          rotateAnchorOffset={coarse ? 36 : 24}
          borderStroke="#2563eb"
          anchorStroke="#2563eb"
          anchorCornerRadius={coarse ? 11 : 2}
          padding={2}
          boundBoxFunc={(oldBox, newBox) => (newBox.width < 8 || newBox.height < 8 ? oldBox : newBox)}
        />
      ) : null}
    </Layer>
  );
}
