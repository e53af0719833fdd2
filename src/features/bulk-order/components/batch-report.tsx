import { Link } from 'react-router'
import { currentLanguage } from '@/i18n/i18n'
import { useTranslation } from '@/i18n/use-translation'
import type { TFunction } from '@/i18n/translator'
import { csvLine } from '@contract/csv'
import { CSV_BOM, downloadCsv } from '@/lib/csv'
import { formatNumber } from '@/lib/format'
import { isFinished, type BatchRecord, type BatchRow } from '../batch-record'
import { BATCH_PER_SECOND } from '../pacer'
import { RowTable } from './row-table'

interface ReportLine {
  number: number
  reference: string
  state: BatchRow['state'] | 'skipped'
  id?: string
  refusal?: BatchRow['refusal']
}

function reportLines(batch: BatchRecord): ReportLine[] {
  return [...batch.rows, ...batch.skipped.map((row) => ({ ...row, state: 'skipped' as const }))].sort((a, b) => a.number - b.number)
}

function outcomeText(line: ReportLine, t: TFunction): string {
  const refusal = line.refusal ? [line.refusal.message, line.refusal.description].filter(Boolean).join(' — ') : ''
  return t(`bulkOrder.outcome.${line.state}`, { id: line.id ?? '', refusal, requestId: line.refusal?.requestId ?? '' })
}

/** The report as a table: a header, then each row of the file with its request, its outcome and the request id to quote. */
function reportTable(lines: readonly ReportLine[], t: TFunction): string[][] {
  const header = [
    t('bulkOrder.column.row'),
    t('bulkOrder.column.reference'),
    t('bulkOrder.column.request'),
    t('bulkOrder.column.outcome'),
    t('bulkOrder.column.requestId'),
  ]
  return [header, ...lines.map((line) => [String(line.number), line.reference, line.id ?? '', outcomeText(line, t), line.refusal?.requestId ?? ''])]
}

/**
 * The batch as it goes and once it is done (docs/decisions/0035-bulk-order.md): n of N with the time left, pause and
 * resume, then each row's outcome (its request linked, or the operator's refusal with the request id to quote), the
 * report as CSV, and the list filtered to the batch's references.
 */
export function BatchReport({
  batch,
  offline,
  onPause,
  onResume,
  onForget,
}: {
  batch: BatchRecord
  /** The browser is offline: the run waits for the network, then goes on by itself. */
  offline: boolean
  onPause: () => void
  onResume: () => void
  onForget: () => void
}) {
  const { t } = useTranslation()
  const total = batch.rows.length
  const done = settledCount(batch)
  const finished = isFinished(batch)
  const lines = reportLines(batch)

  return (
    <div className="bulk-order__step card">
      <h2>{finished ? t('bulkOrder.report.title') : t('bulkOrder.progress.title')}</h2>
      <p>{t('bulkOrder.report.item', { item: batch.itemName })}</p>
      <progress className="bulk-order__progress" max={Math.max(total, 1)} value={done} aria-label={t('bulkOrder.progress.label')} />
      <p role="status">{progressText(batch, lines.length, offline, t)}</p>
      {!finished && (
        <button type="button" className="button" onClick={batch.paused ? onResume : onPause}>
          {batch.paused ? t('bulkOrder.progress.resume') : t('bulkOrder.progress.pause')}
        </button>
      )}
      {finished && <ReportActions batch={batch} lines={lines} onForget={onForget} />}
      <ReportTable lines={lines} />
    </div>
  )
}

/** Rows the run is done with: created, refused or unverified. */
function settledCount(batch: BatchRecord): number {
  return batch.rows.filter((row) => row.state === 'created' || row.state === 'refused' || row.state === 'unverified').length
}

/** The run's state in words: finished, paused, waiting for the network, or running with the time left. */
function progressText(batch: BatchRecord, lineCount: number, offline: boolean, t: TFunction): string {
  const total = batch.rows.length
  const done = settledCount(batch)
  const secondsLeft = Math.ceil((total - done) / BATCH_PER_SECOND)
  return isFinished(batch)
    ? t('bulkOrder.progress.finished', { created: batch.rows.filter((row) => row.state === 'created').length, count: lineCount })
    : batch.paused
      ? t('bulkOrder.progress.paused', { done, total })
      : offline
        ? t('bulkOrder.progress.offline', { done, total })
        : t('bulkOrder.progress.running', { done, total, seconds: formatNumber(secondsLeft, currentLanguage()) })
}

/** Once the batch is done: the report as CSV or XLSX, the list of its requests, and another batch. */
function ReportActions({ batch, lines, onForget }: { batch: BatchRecord; lines: readonly ReportLine[]; onForget: () => void }) {
  const { t } = useTranslation()
  const listLink = `/requests?${new URLSearchParams({ customerReference: `${batch.prefix}*` })}`
  const table = () => reportTable(lines, t)
  const fileName = `order-report-${batch.id}`

  async function downloadXlsx() {
    const { downloadXlsxTable } = await import('../xlsx')
    await downloadXlsxTable(table(), t('bulkOrder.report.sheet'), `${fileName}.xlsx`)
  }

  return (
    <p className="bulk-order__actions">
      <button
        type="button"
        className="button"
        onClick={() =>
          downloadCsv(
            `${CSV_BOM}${table()
              .map((row) => csvLine(row))
              .join('')}`,
            `${fileName}.csv`,
          )
        }
      >
        {t('bulkOrder.report.download')}
      </button>
      <button type="button" className="button" onClick={() => void downloadXlsx()}>
        {t('bulkOrder.report.downloadXlsx')}
      </button>
      <Link to={batch.view?.url ?? listLink}>
        {batch.view ? t('bulkOrder.report.view', { name: batch.view.name }) : t('bulkOrder.report.list', { prefix: batch.prefix })}
      </Link>
      <button type="button" className="button" onClick={onForget}>
        {t('bulkOrder.report.another')}
      </button>
    </p>
  )
}

/** Each row of the file with its outcome: its request linked, or the sentence of what happened to it. */
function ReportTable({ lines }: { lines: readonly ReportLine[] }) {
  const { t } = useTranslation()
  const outcome = (line: ReportLine) =>
    line.id ? (
      <>
        {t('bulkOrder.outcome.createdPrefix')} <Link to={`/requests/${encodeURIComponent(line.id)}`}>{line.id}</Link>
      </>
    ) : (
      outcomeText(line, t)
    )
  return (
    <RowTable
      name={{ caption: t('bulkOrder.report.caption', { count: lines.length }), id: 'bulk-order-report' }}
      columns={[t('bulkOrder.column.reference'), t('bulkOrder.column.outcome')]}
      rows={lines.map((line) => ({ key: line.number, number: line.number, cells: [line.reference, outcome(line)] }))}
    />
  )
}
