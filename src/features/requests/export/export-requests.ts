import type { TFunction } from '@/i18n/translator'
import { ERROR_CODE } from '@contract/error'
import { REQUEST_PAGE } from '@contract/request-query'
import { ApiError } from '@/lib/api-error'
import type { RequestListSearch } from '@/lib/request-search'
import { listRequests, type RequestPage } from '@/lib/queries/requests'
import { LIST_COLUMNS, fieldsOf } from '../columns'
import { daysLate } from '@/lib/lateness'
import { CSV_BOM, csvLine, downloadCsv } from '@/lib/csv'

/**
 * Export of every request matching a view, not just the page shown. Loaded on demand (dynamic import) so
 * that the list's first load does not carry it.
 */
type Row = RequestPage['items'][number]

export interface ExportOptions {
  search: RequestListSearch
  t: TFunction
  /** The catalog's name of a type, or the code. */
  typeName: (type: string) => string
  signal: AbortSignal
  /** Called after each page: requests fetched so far, and how many match. */
  onProgress: (done: number, total: number) => void
}

const SPIKE_ARREST_PAUSE_MS = 1_000
const SPIKE_ARREST_TRIES = 5

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    }, { once: true })
  })
}

/** One page; the platform's spike arrest (403 code 53) means "slow down", not "fail". */
async function pageAt(search: RequestListSearch, page: number, signal: AbortSignal): Promise<RequestPage> {
  const view = { ...search, page, size: REQUEST_PAGE.maxLimit }
  for (let attempt = 1; ; attempt++) {
    try {
      return await listRequests(view, fieldsOf(LIST_COLUMNS), signal)
    } catch (error) {
      const slowDown = error instanceof ApiError && error.status === 403 && error.code === ERROR_CODE.tooManyRequests
      if (!slowDown || attempt >= SPIKE_ARREST_TRIES) throw error
      await pause(SPIKE_ARREST_PAUSE_MS * attempt, signal)
    }
  }
}

/** Every request of the view, 100 at a time, in the view's sort; a request seen twice (the list moved) is kept once. */
export async function fetchAllRequests({ search, signal, onProgress }: Pick<ExportOptions, 'search' | 'signal' | 'onProgress'>): Promise<Row[]> {
  const rows = new Map<string, Row>()
  let total = Infinity
  for (let page = 1; (page - 1) * REQUEST_PAGE.maxLimit < total; page++) {
    signal.throwIfAborted()
    const answer = await pageAt(search, page, signal)
    total = answer.total
    for (const item of answer.items) rows.set(item.id, item)
    onProgress(Math.min(rows.size, total), total)
    if (answer.items.length === 0) break
  }
  return [...rows.values()]
}

/** The CSV text of the rows: the list's columns with their names in the person's language. */
export function requestsCsv(rows: readonly Row[], t: TFunction, typeName: (type: string) => string): string {
  const yesNo = (value: boolean | undefined) => (value === undefined ? '' : t(value ? 'requests.list.yes' : 'requests.list.no'))
  const cells: Record<(typeof LIST_COLUMNS)[number], (row: Row) => string | undefined> = {
    id: (row) => row.id,
    name: (row) => row.name,
    customerReference: (row) => row.customerReference ?? undefined,
    type: (row) => (row.type ? typeName(row.type) : undefined),
    category: (row) => (row.category ? t(`requests.category.${row.category}`) : undefined),
    status: (row) => (row.status ? t(`requests.status.${row.status}`) : undefined),
    step: (row) => (row.step ? t(`requests.step.${row.step}`) : undefined),
    subStep: (row) => (row.subStep ? t(`requests.subStep.${row.subStep}`) : undefined),
    requestedAt: (row) => row.keyDates?.requestedAt,
    delay: (row) => yesNo(row.isOverdue),
    isArchived: (row) => yesNo(row.isArchived),
    createdAt: (row) => row.createdAt,
    updatedAt: (row) => row.updatedAt,
  }
  const header = [...LIST_COLUMNS.map((column) => t(`requests.column.${column}`)), t('requests.export.daysLate')]
  let csv = CSV_BOM + csvLine(header)
  for (const row of rows) {
    const late = row.isOverdue && row.keyDates ? daysLate(row.keyDates.requestedAt) : undefined
    csv += csvLine([...LIST_COLUMNS.map((column) => cells[column](row)), late])
  }
  return csv
}

/** Fetches, writes and downloads the CSV of every request of the view; the number of requests exported. */
export async function exportRequests(options: ExportOptions): Promise<number> {
  const rows = await fetchAllRequests(options)
  options.signal.throwIfAborted()
  downloadCsv(requestsCsv(rows, options.t, options.typeName))
  return rows.length
}
