import { useState } from "react";
import { useNavigation } from "react-router";

/**
 * A form's remount key after an action (`key={useSettledKey(actionData?.key)}`).
 *
 * Why not `key={actionData.key}` directly: React Router hands the page the action's data while the
 * loaders are still revalidating. Remounting then fills the inputs' defaultValue from the old loader
 * data, and the staff member sees the values they just saved replaced by the previous ones (the
 * settings form did this). The key only moves once navigation is idle, with the fresh data in place.
 */
export function useSettledKey(key: number | string | undefined): number | string {
  const idle = useNavigation().state === "idle";
  const [settled, setSettled] = useState(key ?? 0);
  // Adjusting state while rendering (React's documented pattern for state derived from props).
  if (idle && settled !== (key ?? 0)) setSettled(key ?? 0);
  return idle ? (key ?? 0) : settled;
}
