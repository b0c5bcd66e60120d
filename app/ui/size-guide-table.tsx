import { formatDecimal } from "~/domain/number-format";
import type { SizeGuideTable as Table } from "~/domain/size-guide";
import { intlLocale, type Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

/** A size guide's measurements as a real table: sizes down, measurements across, names in the page's language. */
export function SizeGuideTable({ table, caption, locale }: { table: Table; caption: string; locale: Locale }) {
  const { t } = useTranslation("shop");
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-max border-collapse text-sm" data-testid="size-guide-table">
        <caption className="pb-2 text-left text-ink-muted">
          {caption} · {t("sizeGuides.unit", { unit: table.unit })}
        </caption>
        <thead>
          <tr className="bg-surface-muted">
            <th scope="col" className="border border-line px-3 py-2 text-left">
              {t("sizeGuides.size")}
            </th>
            {table.columns.map((column) => (
              <th key={column.key} scope="col" className="border border-line px-3 py-2 text-right">
                {column[locale]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.size}>
              <th scope="row" className="border border-line px-3 py-2 text-left font-semibold">
                {row.size}
              </th>
              {row.values.map((value, index) => (
                <td key={table.columns[index]?.key ?? index} className="border border-line px-3 py-2 text-right tabular-nums">
                  {formatDecimal(value, intlLocale(locale), 1)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
