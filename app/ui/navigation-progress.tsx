import { useNavigation } from "react-router";

/** A thin bar at the top of the window while a page or form submission loads (spec §7: progress bar tied to requests). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-busy={busy}
      className={`fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-primary transition-transform duration-500 ${busy ? "scale-x-75" : "scale-x-0"}`}
    />
  );
}
