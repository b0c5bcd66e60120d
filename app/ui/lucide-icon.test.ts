import { ArrowUp, ChevronRight, CircleCheck, ImageOff, TriangleAlert, X, Zap } from "lucide-react";
import { createElement, type SVGProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import createLucideIcon from "./lucide-icon";

// The build draws lucide's icons with ./lucide-icon.ts, dev with lucide's runtime: the same HTML, for
// the props the shop gives its icons.
const icons = [
  ["zap", Zap],
  ["image-off", ImageOff],
  ["chevron-right", ChevronRight],
  ["x", X],
  ["arrow-up", ArrowUp],
  ["circle-check", CircleCheck],
  ["triangle-exclamation-point", TriangleAlert],
] as const;

// The data the build's alias hands to createLucideIcon: each icon module's `__iconData`.
const iconData = (file: string): Promise<Parameters<typeof createLucideIcon>[0]> =>
  import(/* @vite-ignore */ `lucide-react/dist/esm/icons/${file}.mjs`).then(
    (module: { __iconData: Parameters<typeof createLucideIcon>[0] }) => module.__iconData,
  );

const propsCases: [string, SVGProps<SVGSVGElement>][] = [
  ["no props", {}],
  ["a className", { className: "size-4 shrink-0" }],
  ["aria-hidden", { className: "size-5", "aria-hidden": true }],
  ["an accessible name", { "aria-label": "Close", role: "img" }],
  ["a style", { style: { color: "red" } }],
];

describe("createLucideIcon (the build's)", () => {
  for (const [file, Lucide] of icons)
    for (const [label, props] of propsCases)
      it(`given ${file} with ${label}, should render what lucide-react renders`, async () => {
        const Ours = createLucideIcon(await iconData(file));
        expect(renderToStaticMarkup(createElement(Ours, props))).toBe(renderToStaticMarkup(createElement(Lucide, props)));
      });
});
