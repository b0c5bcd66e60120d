import type { ReactNode } from "react";

/** A storefront page's title and the sentence that introduces it: the shop's one page-heading style. */
export function PageTitle({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <>
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      {intro ? <p className="mt-2 text-ink-muted">{intro}</p> : null}
    </>
  );
}
