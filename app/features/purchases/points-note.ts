import { type PointsNoteKey, pointsNoteKeys } from "~/domain/loyalty-points";

/**
 * A points-ledger row's note as the page's language says it: a note the shop wrote is a key under
 * `purchases:points.notes` with its values (JSON); a note a staff member typed is shown as typed.
 */
export interface PointsNoteSource {
  note: string;
  noteKey: string | null;
  noteParamsJson: string;
}

type Translate = (key: `points.notes.${PointsNoteKey}`, values: Record<string, string>) => string;

function params(json: string): Record<string, string> {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  } catch {
    return {};
  }
}

export function isPointsNoteKey(value: string | null): value is PointsNoteKey {
  return value !== null && (pointsNoteKeys as readonly string[]).includes(value);
}

export function pointsNoteText(entry: PointsNoteSource, t: Translate): string {
  if (isPointsNoteKey(entry.noteKey)) return t(`points.notes.${entry.noteKey}`, params(entry.noteParamsJson));
  return entry.note;
}
