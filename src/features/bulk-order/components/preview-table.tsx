import { useState } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { REFERENCE_KEY, type CheckedRow } from '../check-rows'
import type { SheetColumn } from '../sheet-columns'
import { problemSentence } from './problem-sentence'
import { RowTable } from './row-table'

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
  const rows = withProblems.flatMap((row) =>
    row.problems.map((problem, index) => {
      const header = headerOf(problem.column)
      const sentence = problemSentence(problem.problem, header, t, locale)
      const cell = (
        <ProblemCell row={row} column={problem.column} header={header} sentence={sentence} id={`bulk-order-cell-${row.number}-${index}`} onFix={onFix} />
      )
      return { key: `${row.number}-${problem.column ?? ''}-${index}`, number: row.number, cells: [header, cell] }
    }),
  )
  return (
    <RowTable
      name={{ caption: t('bulkOrder.problemsCaption', { count: withProblems.length }), id: 'bulk-order-problems' }}
      columns={[t('bulkOrder.column.field'), t('bulkOrder.column.value')]}
      rows={rows}
    />
  )
}

/** A wrong cell: an input labelled by its row and field, fixed on leaving it or on Enter; a row's own problem is its sentence. */
function ProblemCell(props: {
  row: CheckedRow
  column: string | null
  header: string
  sentence: string
  id: string
  onFix: (row: number, column: string, value: string) => void
}) {
  const { t } = useTranslation()
  const { row, column, id } = props
  if (column === null) return <p className="bulk-order__error">{props.sentence}</p>
  const original = row.cells[column] ?? ''
  return (
    <>
      <input
        className="bulk-order__cell"
        aria-label={t('bulkOrder.cell.label', { row: row.number, field: props.header })}
        aria-invalid="true"
        aria-describedby={`${id}-error`}
        defaultValue={original}
        onBlur={(event) => {
          if (event.target.value !== original) props.onFix(row.number, column, event.target.value)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') props.onFix(row.number, column, event.currentTarget.value)
        }}
      />
      <p id={`${id}-error`} className="bulk-order__error">
        {props.sentence}
      </p>
    </>
  )
}

/** Every row (the first thousand), its reference (made up ones said so) and whether it is ready. */
function AllRowsTable({ rows, referenceHeader }: { rows: readonly CheckedRow[]; referenceHeader: string }) {
  const { t } = useTranslation()
  const reference = (row: CheckedRow) => (
    <>
      {row.reference}
      {row.generated && <span className="bulk-order__hint"> {t('bulkOrder.generated')}</span>}
    </>
  )
  const state = (row: CheckedRow) => (row.problems.length === 0 ? t('bulkOrder.state.ready') : t('bulkOrder.state.problems', { count: row.problems.length }))
  return (
    <RowTable
      name={{ label: t('bulkOrder.allRows', { count: rows.length }) }}
      columns={[referenceHeader, t('bulkOrder.column.state')]}
      rows={rows.slice(0, ALL_ROWS_SHOWN).map((row) => ({ key: row.number, number: row.number, cells: [reference(row), state(row)] }))}
    />
  )
}
