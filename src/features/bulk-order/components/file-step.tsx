import { useRef, useState, type DragEvent } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { formatNumber } from '@/lib/format'
import { SHEET_LIMITS } from '../read-sheet'
import type { FileProblem } from './use-sheet-file'

/**
 * The second step (docs/decisions/0035-bulk-order.md): the file chosen or dropped, its limits, the check under way,
 * and why a file could not be read.
 */
export function FileStep({
  disabled,
  checking,
  problem,
  locale,
  onFile,
}: {
  disabled: boolean
  checking: boolean
  problem: FileProblem | null
  locale: string
  onFile: (file: File) => void
}) {
  const { t } = useTranslation()
  const [dragging, setDragging] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) onFile(file)
  }

  return (
    <div className="bulk-order__step card">
      <h2>{t('bulkOrder.step.file')}</h2>
      <div
        className={dragging ? 'bulk-order__drop bulk-order__drop--over' : 'bulk-order__drop'}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor="bulk-order-file">{t('bulkOrder.file')}</label>
        <input
          ref={fileInput}
          id="bulk-order-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="bulk-order-limits"
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) onFile(file)
            event.target.value = ''
          }}
        />
        <p id="bulk-order-limits" className="bulk-order__hint">
          {t('bulkOrder.limits', { rows: formatNumber(SHEET_LIMITS.maxRows, locale), size: SHEET_LIMITS.maxBytes / (1024 * 1024) })}
        </p>
      </div>
      <p role="status">{checking ? t('bulkOrder.checking') : ''}</p>
      {problem && (
        <p className="error-message" role="alert">
          {t(`bulkOrder.problem.${problem.kind}`, problemParams(problem, locale))}
        </p>
      )}
    </div>
  )
}

function problemParams(problem: FileProblem, locale: string): Record<string, string | number> {
  const number = (value: number) => formatNumber(value, locale)
  switch (problem.kind) {
    case 'notSpreadsheet':
      return { name: problem.name }
    case 'tooLarge':
      return { size: problem.maxBytes / (1024 * 1024) }
    case 'tooManyRows':
      return { rows: number(problem.rows), max: number(problem.maxRows) }
    case 'unknownColumns':
      return { columns: problem.columns, item: problem.item }
    default:
      return {}
  }
}
