import type { ReactNode } from "react";

/** A column heading: its text and the classes of its cell (padding, alignment, when it shows). */
export type HeadCell = readonly [label: ReactNode, className: string];

/** A table's header row of column headings, each `scope="col"` for screen readers. */
export function TableHead({ cells, className }: { cells: readonly HeadCell[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {cells.map(([label, cellClassName], index) => (
          <th key={index} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
