import { createElement, type ReactNode, type SVGProps } from "react";

/**
 * lucide-react's `createLucideIcon` for the build (vite.config.ts points each icon module's import of
 * it here): the same `<svg>` without lucide's runtime (its Icon, context provider, attribute builder
 * and class helpers, ~1.6 KiB gzip in every storefront page's frame; issue 19). The shop gives its
 * icons a `className`, a `style` or aria- attributes and nothing else: lucide's `size`, `color`,
 * `strokeWidth` props and its LucideProvider are not read here. As lucide does, an icon without an
 * accessible name or children is `aria-hidden`; the classes are lucide's (lucide-icon.test.ts compares).
 */
type IconData = { name: string; node: [string, Record<string, string>][]; aliases?: string[] };

/** Lucide's own `<svg>` defaults (also the social marks' in social-icons.tsx). */
export const lucideSvg = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const named = (props: object) => Object.keys(props).some((prop) => prop.startsWith("aria-") || prop === "role" || prop === "title");

export default function createLucideIcon({ name, node, aliases = [] }: IconData) {
  const base = ["lucide", ...[name, ...aliases].map((each) => `lucide-${each}`)].join(" ");
  return function LucideIcon({ className, children, ...props }: SVGProps<SVGSVGElement> & { children?: ReactNode }) {
    return createElement(
      "svg",
      { ...lucideSvg, className: className ? `${base} ${className}` : base, ...(children || named(props) ? null : { "aria-hidden": "true" }), ...props },
      ...node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    );
  };
}
