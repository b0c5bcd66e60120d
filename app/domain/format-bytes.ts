/**
 * A file size for people (spec §9 "formatBytes default 2 decimals"): 1024-based units, at most
 * `decimals` digits after the point and no trailing zeros — 0 Bytes, 512 Bytes, 1.5 KB, 4.77 MB.
 */
const units = ["Bytes", "KB", "MB", "GB", "TB"] as const;

export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const digits = Math.max(0, Math.floor(decimals));
  const exponent = Math.max(0, Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024))));
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(digits))} ${units[exponent]}`;
}
