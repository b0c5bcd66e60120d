import { clsx } from "clsx";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The back office's one list pattern (DESIGN §4.12): a page heading, a GET search form (the query
 * lives in the URL, so it works without JavaScript and can be bookmarked), a table with a caption
 * and an empty state, and page links (`~/ui/pagination`). See app/ui/backend/README.md.
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

export function SearchForm({
  action,
  label,
  placeholder,
  submitLabel,
  clearLabel,
  defaultValue,
  hidden = {},
}: {
  action: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  clearLabel: string;
  defaultValue: string;
  /** Other query parameters to keep (a tab); `page` is left out so a new search starts at page 1. */
  hidden?: Record<string, string>;
}) {
  return (
    <Form method="get" action={action} role="search" className="mb-4 flex flex-wrap items-end gap-2" data-testid="list-search">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-semibold">
        {label}
        <span className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
          <input
            type="search"
            name="q"
            defaultValue={defaultValue}
            placeholder={placeholder}
            maxLength={100}
            className="w-full rounded-md border border-line py-2 pr-3 pl-9 font-normal focus-visible:outline-2 focus-visible:outline-primary"
          />
        </span>
      </label>
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
      {defaultValue ? (
        <Link to={action + (Object.keys(hidden).length ? `?${new URLSearchParams(hidden)}` : "")} className="btn-ghost">
          {clearLabel}
        </Link>
      ) : null}
    </Form>
  );
}

export interface Column {
  label: string;
  /** Right-align numbers. */
  numeric?: boolean;
  className?: string;
}

export function DataTable({
  caption,
  columns,
  empty,
  rowCount,
  testId,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  rowCount: number;
  testId?: string;
  children: ReactNode;
}) {
  if (rowCount === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line bg-surface p-6 text-center text-ink-muted" data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted text-left text-ink-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={clsx("px-3 py-2 font-semibold whitespace-nowrap", column.numeric && "text-right", column.className)}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
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

/** A titled box for a section of a detail page or a small form. */
export function Panel({ title, children, testId, id }: { title: string; children: ReactNode; testId?: string; id?: string }) {
  return (
    <section className="rounded-lg border border-line bg-surface p-4" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
