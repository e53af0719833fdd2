import { useMemo, useRef, useState, type DragEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { CatalogItem } from '@contract/catalog'
import { isUnreadable } from '@contract/tolerant'
import { useTranslation } from '@/i18n/use-translation'
import { downloadCsv } from '@/lib/csv'
import { formatDateTime, formatNumber } from '@/lib/format'
import { catalogQueries } from '@/lib/queries/catalog'
import { findExistingReferences } from '../api/existing-references'
import { batchViewUrl, commonPrefix, type BatchRecord } from '../batch-record'
import { batchPrefix, checkRow, checkRows, isReady, markDuplicates, REFERENCE_KEY, sheetRows, type CheckContext, type CheckedRow } from '../check-rows'
import { readSheetFile, SHEET_LIMITS, type SheetProblem } from '../read-sheet'
import { headerOf, matchHeaders, sheetOf, type SheetColumn } from '../sheet-columns'
import { exampleRow, ruleNotes, templateCsv, templateFileName } from '../template'
import type { BulkOrderTools } from '../tools'
import { applyFixes, withFix, type CellFix } from '../keep-fixes'
import { useBatch } from '../use-batch'
import { BatchReport } from './batch-report'
import { PreviewTable } from './preview-table'
import '../bulk-order.css'

type FileProblem = SheetProblem | { kind: 'unknownColumns'; columns: string; item: string } | { kind: 'noItem' }

interface Preview {
  fileName: string
  /** The start of the references made up for rows without one. */
  prefix: string
  columns: SheetColumn[]
  rows: CheckedRow[]
  context: CheckContext
}

export interface BulkOrderPageProps {
  tools: BulkOrderTools
  /** Who the batch record belongs to (the session's subject). */
  person: string
  /** Read-only people get the template and the check, never the send. */
  canSend: boolean
  contracts: readonly string[]
}

/**
 * "Order from a spreadsheet" (docs/decisions/0035-bulk-order.md): an item's template, a file checked row by row with
 * the form's rules and fixed in place, then every valid row sent once, paced, with a report.
 */
export function BulkOrderPage({ tools, person, canSend, contracts }: BulkOrderPageProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const locale = tools.locale(language)
  const [params, setParams] = useSearchParams()
  const itemId = params.get('item') ?? ''
  const catalog = useQuery(catalogQueries.all(language))
  const items = useMemo(() => (catalog.data ?? []).filter((item): item is CatalogItem => !isUnreadable(item) && item.category === 'creation'), [catalog.data])
  const item = items.find((candidate) => candidate.id === itemId)
  const itemForm = useMemo(() => (item ? tools.formOf(item, t) : undefined), [item, tools, t])
  const sheet = useMemo(() => (itemForm ? sheetOf(itemForm.model) : undefined), [itemForm])
  // An item whose form the console cannot build, or which requires what no cell holds, is ordered with the form (0035).
  const blocked = useMemo(() => item && (!sheet ? { reason: 'noForm' as const, header: '' } : sheet.blocked[0]), [item, sheet])
  const columns = useMemo(() => (sheet && !blocked ? sheet.columns : []), [sheet, blocked])
  const files = sheet?.files ?? []
  const [problem, setProblem] = useState<FileProblem | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [checking, setChecking] = useState(false)
  const [dragging, setDragging] = useState(false)
  // Fixes typed in place, carried to the file chosen again where they still apply (../keep-fixes.ts).
  const [fixes, setFixes] = useState<CellFix[]>([])
  const [carried, setCarried] = useState<{ kept: CellFix[]; left: CellFix[] } | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const { batch, offline, start, pause, resume, forget } = useBatch(person, tools.sendPort)

  const rules = { earliestDate: tools.earliestDate(), referenceMax: tools.referenceMax, contractMax: tools.contractMax }

  async function downloadXlsx() {
    if (!item) return
    const { downloadXlsxTemplate } = await import('../xlsx')
    await downloadXlsxTemplate(
      columns.map(headerOf),
      exampleRow(columns, rules, t, locale),
      ruleNotes(columns, rules, t, locale, files),
      { rows: t('bulkOrder.template.rowsSheet'), rules: t('bulkOrder.template.rulesSheet') },
      templateFileName(item.id, 'xlsx'),
    )
  }

  async function readFile(file: File) {
    setProblem(null)
    setPreview(null)
    if (!item || !itemForm || blocked) return setProblem({ kind: 'noItem' })
    setChecking(true)
    try {
      // The XLSX reader loads only now, when such a file is chosen (0035).
      const read = await readSheetFile(file, async (xlsx) => (await import('../xlsx')).readXlsxRows(xlsx))
      if (!read.ok) return setProblem(read.problem)
      const { matched, unknown } = matchHeaders(read.sheet.headers, columns)
      if (unknown.length > 0) return setProblem({ kind: 'unknownColumns', columns: unknown.join(', '), item: item.name ?? item.id })
      const prefix = batchPrefix()
      const applied = applyFixes(
        sheetRows(
          read.sheet.rows,
          matched,
          prefix,
          columns.some((column) => column.key === REFERENCE_KEY),
        ),
        fixes,
      )
      const rows = applied.rows
      setFixes(applied.kept)
      setCarried(fixes.length > 0 ? { kept: applied.kept, left: applied.left } : null)
      const validator = await itemForm.form.loadValidator()
      const context: CheckContext = { columns, form: itemForm.form, validator, locale, contracts }
      const existing = await findExistingReferences(rows.map((row) => row.cells[REFERENCE_KEY] ?? '')).catch(() => new Map<string, string>())
      setPreview({ fileName: file.name, prefix, columns, rows: await checkRows(rows, context, existing), context })
    } finally {
      setChecking(false)
    }
  }

  function fixCell(number: number, column: string, value: string) {
    const fixed = preview?.rows.find((row) => row.number === number)
    if (fixed) setFixes((current) => withFix(current, fixed, column, value))
    setPreview((current) => {
      if (!current) return current
      const rows = current.rows.map((row) =>
        row.number === number
          ? checkRow(
              { ...row, cells: { ...row.cells, [column]: value }, generated: row.generated && column !== REFERENCE_KEY ? row.generated : false },
              current.context,
            )
          : row,
      )
      return { ...current, rows: markDuplicates(rows, new Map()) }
    })
  }

  function send() {
    if (!preview || !item) return
    const ready = preview.rows.filter(isReady)
    const prefix = commonPrefix(
      ready.map((row) => row.reference),
      preview.prefix,
    )
    const startedAt = new Date().toISOString()
    const rows = ready.map((row) => ({ number: row.number, reference: row.reference, state: 'waiting' as const }))
    // The batch as a saved view of the list, so that its requests are followed afterwards (0035).
    const view = {
      name: t('bulkOrder.viewName', { item: (item.name ?? item.id).slice(0, 30), date: formatDateTime(startedAt, locale) }).slice(0, 60),
      url: batchViewUrl({ prefix, startedAt, rows }, item.type),
    }
    tools.saveView(person, view)
    const record: BatchRecord = {
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      itemId: item.id,
      itemName: item.name ?? item.id,
      prefix,
      startedAt,
      paused: false,
      rows,
      skipped: preview.rows.filter((row) => !isReady(row)).map((row) => ({ number: row.number, reference: row.reference })),
      view,
    }
    start(record, Object.fromEntries(ready.map((row) => [String(row.number), row.body])))
    setPreview(null)
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) void readFile(file)
  }

  if (batch) {
    return (
      <section className="bulk-order" aria-labelledby="bulk-order-title">
        <h1 id="bulk-order-title">{t('bulkOrder.title')}</h1>
        <BatchReport batch={batch} offline={offline} onPause={pause} onResume={resume} onForget={forget} />
      </section>
    )
  }

  const ready = preview?.rows.filter(isReady).length ?? 0
  const withProblems = (preview?.rows.length ?? 0) - ready

  return (
    <section className="bulk-order" aria-labelledby="bulk-order-title">
      <h1 id="bulk-order-title">{t('bulkOrder.title')}</h1>
      <p>{t('bulkOrder.intro')}</p>
      <div className="bulk-order__step card">
        <h2>{t('bulkOrder.step.item')}</h2>
        <label htmlFor="bulk-order-item">{t('bulkOrder.item')}</label>
        <select
          id="bulk-order-item"
          value={itemId}
          onChange={(event) => {
            setPreview(null)
            setProblem(null)
            setFixes([])
            setCarried(null)
            setParams(event.target.value ? { item: event.target.value } : {}, { replace: true })
          }}
        >
          <option value="">{catalog.isPending ? t('bulkOrder.loadingItems') : t('bulkOrder.chooseItem')}</option>
          {items.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
        {item && blocked && (
          <div role="alert">
            <p>{t(`bulkOrder.blocked.${blocked.reason}`, { item: item.name ?? item.id, field: blocked.header })}</p>
            <p>
              <Link to={`/requests/new?${new URLSearchParams({ item: item.id })}`}>{t('bulkOrder.blocked.toForm', { item: item.name ?? item.id })}</Link>
            </p>
          </div>
        )}
        {item && !blocked && (
          <p>
            <button
              type="button"
              className="button"
              onClick={() => downloadCsv(templateCsv(columns, rules, t, language, locale, files), templateFileName(item.id))}
            >
              {t('bulkOrder.downloadTemplate')}
            </button>{' '}
            <button type="button" className="button" onClick={() => void downloadXlsx()}>
              {t('bulkOrder.downloadXlsx')}
            </button>{' '}
            <span className="bulk-order__hint">{t('bulkOrder.templateHint', { count: columns.length })}</span>
          </p>
        )}
      </div>
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
            disabled={!item || Boolean(blocked)}
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void readFile(file)
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
      {preview && (
        <div className="bulk-order__step card">
          <h2>{t('bulkOrder.step.check')}</h2>
          <p role="status">{t('bulkOrder.summary', { file: preview.fileName, ready, problems: withProblems, count: preview.rows.length })}</p>
          {carried && <CarriedFixes carried={carried} columns={preview.columns} />}
          <PreviewTable rows={preview.rows} columns={preview.columns} locale={locale} onFix={fixCell} />
          {canSend ? (
            <button type="button" className="button button--primary" disabled={ready === 0} onClick={send}>
              {t('bulkOrder.send', { count: ready })}
            </button>
          ) : (
            <p>{t('bulkOrder.readOnly')}</p>
          )}
        </div>
      )}
      <p>
        <Link to="/catalog">{t('bulkOrder.toCatalog')}</Link>
      </p>
    </section>
  )
}

/** Which fixes typed in place were kept for the file chosen again, and which were left because the file changed them. */
function CarriedFixes({ carried, columns }: { carried: { kept: CellFix[]; left: CellFix[] }; columns: readonly SheetColumn[] }) {
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
