import type { ReactNode } from 'react'
import { useTranslation } from '@/i18n/use-translation'

interface SheetRowCells {
  key: string | number
  /** The row's number in the file, which heads it. */
  number: number
  cells: readonly ReactNode[]
}

/**
 * Rows of the sheet as a table in a region that scrolls on its own (docs/decisions/0035-bulk-order.md), each headed by
 * its number in the file: the preview's problems and every row, and the batch's report. The region is named by the
 * table's caption, or by `label` when the table has none.
 */
export function RowTable({
  name,
  columns,
  rows,
}: {
  name: { caption: string; id: string } | { label: string }
  /** The columns after the row's number. */
  columns: readonly string[]
  rows: readonly SheetRowCells[]
}) {
  const { t } = useTranslation()
  const named = 'caption' in name ? { 'aria-labelledby': name.id } : { 'aria-label': name.label }
  return (
    <div className="bulk-order__scroll" role="region" {...named} tabIndex={0}>
      <table className="bulk-order__table">
        {'caption' in name && <caption id={name.id}>{name.caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t('bulkOrder.column.row')}</th>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.number}</th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
