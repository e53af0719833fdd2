import { useTranslation } from '@/i18n/use-translation'
import { isReady } from '../check-rows'
import type { CellFix } from '../keep-fixes'
import type { SheetColumn } from '../sheet-columns'
import { PreviewTable } from './preview-table'
import type { CarriedFixes, Preview } from './use-sheet-file'

/**
 * The third step (docs/decisions/0035-bulk-order.md): the file's rows checked, the fixes carried from the file chosen
 * before, the preview to fix in place, and the send of every ready row (never for read-only people).
 */
export function CheckStep({
  preview,
  carried,
  canSend,
  locale,
  onFix,
  onSend,
}: {
  preview: Preview
  carried: CarriedFixes | null
  canSend: boolean
  locale: string
  onFix: (row: number, column: string, value: string) => void
  onSend: () => void
}) {
  const { t } = useTranslation()
  const ready = preview.rows.filter(isReady).length
  const withProblems = preview.rows.length - ready
  return (
    <div className="bulk-order__step card">
      <h2>{t('bulkOrder.step.check')}</h2>
      <p role="status">{t('bulkOrder.summary', { file: preview.fileName, ready, problems: withProblems, count: preview.rows.length })}</p>
      {carried && <CarriedFixesNote carried={carried} columns={preview.columns} />}
      <PreviewTable rows={preview.rows} columns={preview.columns} locale={locale} onFix={onFix} />
      {canSend ? (
        <button type="button" className="button button--primary" disabled={ready === 0} onClick={onSend}>
          {t('bulkOrder.send', { count: ready })}
        </button>
      ) : (
        <p>{t('bulkOrder.readOnly')}</p>
      )}
    </div>
  )
}

/** Which fixes typed in place were kept for the file chosen again, and which were left because the file changed them. */
function CarriedFixesNote({ carried, columns }: { carried: CarriedFixes; columns: readonly SheetColumn[] }) {
  const { t } = useTranslation()
  const cells = (fixes: readonly CellFix[]) =>
    fixes.map((fix) => t('bulkOrder.cell.label', { row: fix.row, field: columns.find((column) => column.key === fix.column)?.header ?? fix.column })).join(', ')
  return (
    <div role="status">
      {carried.kept.length > 0 && <p>{t('bulkOrder.fixes.kept', { count: carried.kept.length, cells: cells(carried.kept) })}</p>}
      {carried.left.length > 0 && <p>{t('bulkOrder.fixes.left', { count: carried.left.length, cells: cells(carried.left) })}</p>}
    </div>
  )
}
