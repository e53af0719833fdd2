import { useState } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { REFERENCE_KEY, type CheckedRow } from '../check-rows'
import type { SheetColumn } from '../sheet-columns'
import { problemSentence } from './problem-sentence'

/** Rows shown in the table of every row; beyond, the person reads the file itself. */
const ALL_ROWS_SHOWN = 1000

/**
 * The preview (docs/decisions/0035-bulk-order.md): the rows with problems, each wrong cell an input labelled by its row
 * and field with its sentence beside it, fixed in place and checked again as it is typed; then every row, its
 * reference (made up ones said so) and whether it is ready.
 */
export function PreviewTable({
  rows,
  columns,
  locale,
  onFix,
}: {
  rows: readonly CheckedRow[]
  columns: readonly SheetColumn[]
  locale: string
  onFix: (row: number, column: string, value: string) => void
}) {
  const { t } = useTranslation()
  const [allShown, setAllShown] = useState(false)
  const withProblems = rows.filter((row) => row.problems.length > 0)
  const headerOf = (key: string | null) => columns.find((column) => column.key === key)?.header ?? t('bulkOrder.cell.whole')
  return (
    <>
      {withProblems.length > 0 && <ProblemsTable withProblems={withProblems} headerOf={headerOf} locale={locale} onFix={onFix} />}
      <details className="bulk-order__all" onToggle={(event) => setAllShown(event.currentTarget.open)}>
        <summary>{t('bulkOrder.allRows', { count: rows.length })}</summary>
        {/* Drawn only once opened: a thousand rows drawn with the preview would block the page (0035). */}
        {allShown && <AllRowsTable rows={rows} referenceHeader={headerOf(REFERENCE_KEY)} />}
      </details>
    </>
  )
}

/** The rows with problems: each wrong cell an input labelled by its row and field, its sentence beside it. */
function ProblemsTable({
  withProblems,
  headerOf,
  locale,
  onFix,
}: {
  withProblems: readonly CheckedRow[]
  headerOf: (key: string | null) => string
  locale: string
  onFix: (row: number, column: string, value: string) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="bulk-order__scroll" role="region" aria-labelledby="bulk-order-problems" tabIndex={0}>
      <table className="bulk-order__table">
        <caption id="bulk-order-problems">{t('bulkOrder.problemsCaption', { count: withProblems.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulkOrder.column.row')}</th>
            <th scope="col">{t('bulkOrder.column.field')}</th>
            <th scope="col">{t('bulkOrder.column.value')}</th>
          </tr>
        </thead>
        <tbody>
          {withProblems.flatMap((row) =>
            row.problems.map((problem, index) => {
              const id = `bulk-order-cell-${row.number}-${index}`
              const header = headerOf(problem.column)
              const sentence = problemSentence(problem.problem, header, t, locale)
              return (
                <tr key={`${row.number}-${problem.column ?? ''}-${index}`}>
                  <th scope="row">{row.number}</th>
                  <td>{header}</td>
                  <td>
                    {problem.column !== null ? (
                      <>
                        <input
                          className="bulk-order__cell"
                          aria-label={t('bulkOrder.cell.label', { row: row.number, field: header })}
                          aria-invalid="true"
                          aria-describedby={`${id}-error`}
                          defaultValue={row.cells[problem.column] ?? ''}
                          onBlur={(event) => {
                            if (event.target.value !== (row.cells[problem.column!] ?? '')) onFix(row.number, problem.column!, event.target.value)
                          }}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') onFix(row.number, problem.column!, event.currentTarget.value)
                          }}
                        />
                        <p id={`${id}-error`} className="bulk-order__error">
                          {sentence}
                        </p>
                      </>
                    ) : (
                      <p className="bulk-order__error">{sentence}</p>
                    )}
                  </td>
                </tr>
              )
            }),
          )}
        </tbody>
      </table>
    </div>
  )
}

/** Every row (the first thousand), its reference (made up ones said so) and whether it is ready. */
function AllRowsTable({ rows, referenceHeader }: { rows: readonly CheckedRow[]; referenceHeader: string }) {
  const { t } = useTranslation()
  return (
    <div className="bulk-order__scroll" role="region" aria-label={t('bulkOrder.allRows', { count: rows.length })} tabIndex={0}>
      <table className="bulk-order__table">
        <thead>
          <tr>
            <th scope="col">{t('bulkOrder.column.row')}</th>
            <th scope="col">{referenceHeader}</th>
            <th scope="col">{t('bulkOrder.column.state')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, ALL_ROWS_SHOWN).map((row) => (
            <tr key={row.number}>
              <th scope="row">{row.number}</th>
              <td>
                {row.reference}
                {row.generated && <span className="bulk-order__hint"> {t('bulkOrder.generated')}</span>}
              </td>
              <td>{row.problems.length === 0 ? t('bulkOrder.state.ready') : t('bulkOrder.state.problems', { count: row.problems.length })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
