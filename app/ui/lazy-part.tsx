import { type ComponentType, lazy, Suspense } from "react";

/**
 * A component whose code the browser downloads only when it renders (issue 19: the error page, the
 * snackbar — on most page loads neither shows). The server renders it at once: its module is
 * loaded when this one is, long before a page renders (until then a page would stream it a moment
 * later, as React does with any lazy component). In the browser it sits in its own `<Suspense>`:
 * hydrating server HTML that holds it waits for the code with that HTML on screen.
 *
 * `load` must be a dynamic import only (a static import anywhere in the frame puts the module back
 * in the frame's chunk).
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let onServer: ComponentType<Props> | null = null;
  if (import.meta.env.SSR) void load().then((component) => (onServer = component));
  const Live = lazy(() => load().then((component) => ({ default: component })));
  function LazyPart(props: Props) {
    const Component = (import.meta.env.SSR ? onServer : null) ?? Live;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}
