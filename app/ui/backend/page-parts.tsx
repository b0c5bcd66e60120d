import { clsx } from "clsx";
import type { ReactNode } from "react";

/**
 * The small pieces every back-office page shares: the page's heading (with its actions), a status
 * badge, a titled panel for a section of a detail page or a small form, and a fact of a record. Lists are
 * `ListView` / `RecordList` / `ListTable` (list-page.tsx, record-list.tsx).
 */
export function PageHeading({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro ? <p className="mt-1 text-ink-muted">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}

const badgeTones = {
  success: "bg-success/10 text-success",
  warning: "bg-warning/10 text-warning",
  error: "bg-error/10 text-error",
  neutral: "bg-surface-muted text-ink-muted",
} as const;

export function Badge({ tone, children, testId }: { tone: keyof typeof badgeTones; children: ReactNode; testId?: string }) {
  return (
    <span className={clsx("inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", badgeTones[tone])} data-testid={testId}>
      {children}
    </span>
  );
}

/** A titled box for a section of a detail page, a small form or the dashboard; `aside` stands at the end of the title's line (a count, a link). */
export function Panel({ title, children, testId, id, aside }: { title: string; children: ReactNode; testId?: string; id?: string; aside?: ReactNode }) {
  const heading = (
    <h2 id={id} className={clsx("text-lg font-semibold", !aside && "mb-3")}>
      {title}
    </h2>
  );
  return (
    <section className="rounded-lg border border-line bg-surface p-4" aria-labelledby={id} data-testid={testId}>
      {aside ? (
        <div className="mb-3 flex items-baseline justify-between gap-2">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** One fact of a detail page's `<dl>` grid: a small label over the value; `wide` takes the grid's two columns from `sm` up. */
export function Fact({ label, children, testId, wide = false }: { label: string; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={clsx("flex flex-col", wide && "sm:col-span-2")} data-testid={testId}>
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}
