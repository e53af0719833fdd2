import type { TFunction } from '@/i18n/translator'
import { HEADER } from '@contract/common'
import { ZRequestProjection, type RequestProjection } from '@contract/request'
import { isUnreadable, rowsOf } from '@contract/tolerant'
import { REQUEST_PAGE } from '@contract/request-query'
import { apiRequest } from '@/lib/api-client'
import type { ApiError } from '@/lib/api-error'
import { readPages, type CountedPage, type PageRequest } from '@/lib/read-all-pages'
import { toPagedApiQuery, type RequestListSearch } from '@/lib/request-search'
import type { RequestRow } from '@/lib/queries/requests'
import { LIST_COLUMNS, fieldsOf } from '../columns'
import { daysLate } from '@/lib/lateness'
import { CSV_BOM, csvFileName, downloadBlob } from '@/lib/csv'
import { csvLine } from '@contract/csv'
import { codeText } from '@/lib/code-label'

/**
 * Export of every request matching a view, not just the page shown. Loaded on demand (dynamic import) so
 * that the list's first load does not carry it.
 */
type Row = RequestRow

export interface ExportOptions {
  search: RequestListSearch
  /** Requests per call: the operator's `pageSizeMax` (src/lib/queries/operator.ts); 100 by default. */
  pageSize?: number
  t: TFunction
  /** The catalog's name of a type, or the code. */
  typeName: (type: string) => string
  signal: AbortSignal
  /** Called after each page: requests written so far, and how many match. */
  onProgress: (done: number, total: number) => void
  /** Where the file goes; by default the file the person picks, or a download (`openCsvSink`). */
  sink?: CsvSink
}

/**
 * Where the CSV is written, a page at a time: the export never holds the whole file as one string
 * (docs/decisions/0024-delivery.md). `close` finishes the file, `abort` drops it.
 */
export interface CsvSink {
  write(text: string): Promise<void>
  close(): Promise<void>
  abort(): Promise<void>
}

interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<{
    createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void>; abort(): Promise<void> }>
  }>
}

/**
 * The file the person picks (File System Access, where the browser has it: written as pages arrive, straight to
 * disk), else a download made of a Blob of the pages' parts (the browser may keep large parts on disk). A person who
 * closes the picker cancels the export (an AbortError).
 */
export async function openCsvSink(fileName: string = csvFileName()): Promise<CsvSink> {
  const picker = (window as SaveFilePickerWindow).showSaveFilePicker
  if (picker) {
    const handle = await picker({ suggestedName: fileName, types: [{ description: 'CSV', accept: { 'text/csv': ['.csv'] } }] })
    const writable = await handle.createWritable()
    return { write: (text) => writable.write(text), close: () => writable.close(), abort: () => writable.abort() }
  }
  let parts: Blob[] = []
  return {
    write: async (text) => void parts.push(new Blob([text], { type: 'text/csv' })),
    close: async () => downloadBlob(new Blob(parts, { type: 'text/csv;charset=utf-8' }), fileName),
    abort: async () => {
      parts = []
    },
  }
}

const ZRequestRows = rowsOf(ZRequestProjection)

/** One page of the view for the paging reader, read row by row (docs/decisions/0028-tolerant-reader.md). */
async function readRequestPage(search: RequestListSearch, page: PageRequest): Promise<CountedPage<Row>> {
  const response = await apiRequest(`/requests?${toPagedApiQuery(search, fieldsOf(LIST_COLUMNS), page.offset, page.limit)}`, ZRequestRows, {
    signal: page.signal,
    headers: page.headers,
  })
  return { count: Number(response.headers.get(HEADER.totalCount) ?? response.data.length), results: response.data }
}

/**
 * Reads every request of the view, 100 at a time in the view's sort, through the one paging reader (concurrent under
 * the spike arrest, Retry-After honoured), handing each page's rows to `onRows` in order. A request seen twice (the
 * list moved while read) is handed over once: only the ids are kept for that.
 */
export async function readAllRequests(
  { search, signal, onProgress, pageSize = REQUEST_PAGE.maxLimit }: Pick<ExportOptions, 'search' | 'signal' | 'onProgress' | 'pageSize'>,
  onRows: (rows: Row[]) => void | Promise<void>,
): Promise<number> {
  const { read, stoppedBy, total } = await readRequestsUntilStopped({ search, signal, onProgress, pageSize }, onRows)
  if (stoppedBy) throw new ExportStopped(stoppedBy, read, total)
  return read
}

/**
 * An export the application's quota stopped (docs/decisions/0032-application-quota.md): the file holds the `written`
 * requests read before it, of `total`; `refusal` is the 403 code 53, which says when the quota frees.
 */
export class ExportStopped extends Error {
  constructor(
    readonly refusal: ApiError,
    readonly written: number,
    readonly total: number,
  ) {
    super(refusal.message)
    this.name = 'ExportStopped'
  }
}

async function readRequestsUntilStopped(
  { search, signal, onProgress, pageSize = REQUEST_PAGE.maxLimit }: Pick<ExportOptions, 'search' | 'signal' | 'onProgress' | 'pageSize'>,
  onRows: (rows: Row[]) => void | Promise<void>,
): Promise<{ read: number; total: number; stoppedBy: ApiError | null }> {
  const seen = new Set<string>()
  // A row that could not be read and has no id cannot be told apart from another: each is written once as it comes.
  let withoutId = 0
  let total = 0
  const { stoppedBy } = await readPages<Row>((page) => readRequestPage(search, page), {
    limit: pageSize,
    signal,
    onPage: async (items, progress) => {
      total = progress.total
      const fresh = items.filter((item) => (item.id === undefined ? ++withoutId > 0 : !seen.has(item.id) && seen.add(item.id)))
      await onRows(fresh)
    },
    onProgress: () => onProgress(Math.min(seen.size + withoutId, total), total),
  })
  return { read: seen.size + withoutId, total, stoppedBy }
}

/** After the list's columns, the codes of type, status, step and sub-step, for whoever matches the file with other data. */
const CODE_COLUMNS = ['type', 'status', 'step', 'subStep'] as const

/** The CSV's first line: the list's columns with their names in the person's language, then the code columns. */
export function csvHeader(t: TFunction): string {
  return csvLine([
    ...LIST_COLUMNS.map((column) => t(`requests.column.${column}`)),
    t('requests.export.daysLate'),
    ...CODE_COLUMNS.map((code) => t(`requests.export.code.${code}`)),
  ])
}

/** The CSV text of the whole file, header and rows. */
export function requestsCsv(rows: readonly Row[], t: TFunction, typeName: (type: string) => string): string {
  return CSV_BOM + csvHeader(t) + csvRows(rows, t, typeName)
}

/** The CSV lines of some rows, in the list's columns. */
export function csvRows(rows: readonly Row[], t: TFunction, typeName: (type: string) => string): string {
  // What could be read of a row in another shape: its id and name, and in words that it could not be read in full.
  const unreadable = (row: Extract<Row, { unreadable: true }>) =>
    csvLine([
      ...LIST_COLUMNS.map((column) =>
        column === 'id' ? row.id : column === 'name' ? row.name : column === 'status' ? t('app.unreadableRow.label') : undefined,
      ),
      undefined,
      ...CODE_COLUMNS.map(() => undefined),
    ])
  const yesNo = (value: boolean | undefined) => (value === undefined ? '' : t(value ? 'requests.list.yes' : 'requests.list.no'))
  const cells: Record<(typeof LIST_COLUMNS)[number], (row: RequestProjection) => string | undefined> = {
    id: (row) => row.id,
    name: (row) => row.name,
    customerReference: (row) => row.customerReference ?? undefined,
    type: (row) => (row.type ? typeName(row.type) : undefined),
    category: (row) => (row.category ? codeText(t, 'requests', 'category', row.category) : undefined),
    status: (row) => (row.status ? codeText(t, 'requests', 'status', row.status) : undefined),
    step: (row) => (row.step ? codeText(t, 'requests', 'step', row.step) : undefined),
    subStep: (row) => (row.subStep ? codeText(t, 'requests', 'subStep', row.subStep) : undefined),
    requestedAt: (row) => row.keyDates?.requestedAt,
    delay: (row) => yesNo(row.isOverdue),
    isArchived: (row) => yesNo(row.isArchived),
    createdAt: (row) => row.createdAt,
    updatedAt: (row) => row.updatedAt,
  }
  let csv = ''
  for (const row of rows) {
    if (isUnreadable(row)) {
      csv += unreadable(row)
      continue
    }
    const late = row.isOverdue && row.keyDates ? daysLate(row.keyDates.requestedAt) : undefined
    csv += csvLine([...LIST_COLUMNS.map((column) => cells[column](row)), late, ...CODE_COLUMNS.map((code) => row[code])])
  }
  return csv
}

/** Writes the CSV of every request of the view to the file, a page at a time; the number of requests exported. */
export async function exportRequests(options: ExportOptions): Promise<number> {
  const sink = options.sink ?? (await openCsvSink())
  try {
    await sink.write(CSV_BOM + csvHeader(options.t))
    const { read, total, stoppedBy } = await readRequestsUntilStopped(options, (rows) => sink.write(csvRows(rows, options.t, options.typeName)))
    options.signal.throwIfAborted()
    // Stopped by the quota: the file keeps what was read, and the person is told why it is short (0032).
    await sink.close()
    if (stoppedBy) throw new ExportStopped(stoppedBy, read, total)
    return read
  } catch (error) {
    if (error instanceof ExportStopped) throw error
    await sink.abort().catch(() => undefined)
    throw error
  }
}
