import type { SVGProps } from "react";

import { lucideSvg } from "./lucide-icon";

// lucide-react 1.x dropped brand logos; these are the simple outline marks it used to ship (ISC).
const base = { ...lucideSvg, width: 20, height: 20, "aria-hidden": true } as const;

export function FacebookIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base} {...props}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </svg>
  );
}

export function InstagramIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base} {...props}>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </svg>
  );
}

export function LineIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base} {...props}>
      <path d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.6s6-3.6 8.2-6.1C21.6 14.2 22 12.6 22 11c0-4.4-4.5-8-10-8z" />
    </svg>
  );
}

/** Config may hold a full URL or just an account name; both become a link. */
export function socialUrl(kind: "facebook" | "instagram" | "line", value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const account = trimmed.replace(/^\/+/, "");
  if (kind === "facebook") return `https://www.facebook.com/${encodeURIComponent(account)}`;
  if (kind === "instagram") return `https://www.instagram.com/${encodeURIComponent(account.replace(/^@/, ""))}`;
  return `https://line.me/R/ti/p/${encodeURIComponent(account.startsWith("@") ? account : `@${account}`)}`;
}
