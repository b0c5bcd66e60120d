import type { ReactNode } from "react";

type OptionItem = string | number | { id: string | number };

/**
 * A select's options, one per item: a value (a record's `id`) and its label. Its own module, so a
 * storefront page's select does not bring the form kit's fields with it.
 */
export function Options<Item extends OptionItem>({ of, label }: { of: readonly Item[]; label: (item: Item) => ReactNode }) {
  return of.map((item) => {
    const entry: OptionItem = item;
    const value = typeof entry === "object" ? entry.id : entry;
    return (
      <option key={value} value={value}>
        {label(item)}
      </option>
    );
  });
}
