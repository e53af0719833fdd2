import { z } from 'zod/mini'
import { HEADER, ZPagingHeaders } from '@contract/common'
import { isUnreadable, rowsOf, type Row } from '@contract/tolerant'
import { csvLine } from '@contract/csv'
import { isOverdueAndOpen } from '@contract/overdue'
import { ReportError, type MachineClient } from './machine-client'

/**
 * Every overdue request of the application's customer, as the dashboard's overdue view means it (contract/overdue.ts:
 * flagged and not closed): GET /requests?isOverdue=true page by page with offset and limit until X-Total-Count is
 * reached, less the closed ones of the operator's profile; and its CSV or JSON rendering
 * (docs/decisions/0019-overdue-report.md).
 */
export const REPORT_FORMATS = ['csv', 'json'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]

const optionalText = z.nullish(z.string())
/**
 * What the report reads of a listed request (the tolerant reader, docs/decisions/0028-tolerant-reader.md): only `id`
 * is needed; its columns are read when present, of the reference's types; every other field is kept as it came.
 */
export const ZReportRow = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: optionalText,
  customerReference: optionalText,
  type: optionalText,
  category: optionalText,
  status: optionalText,
  step: optionalText,
  subStep: optionalText,
  contract: optionalText,
  keyDates: z.nullish(z.looseObject({ requestedAt: optionalText })),
  isArchived: z.nullish(z.boolean()),
  createdAt: optionalText,
  updatedAt: optionalText,
})
export type ReportRow = z.infer<typeof ZReportRow>

export interface OverdueReport {
  generatedAt: string
  count: number
  /** Rows that could not be read in full: listed by their id only (`unreadable: true`), or left out without one. */
  unreadableCount: number
  /** As the operator sent them; a row that could not be read in full is its id, name, position and problem. */
  requests: Row<ReportRow>[]
}

export async function fetchOverdueRequests(
  client: MachineClient,
  options: { onProgress?: (read: number, total: number) => void; now?: () => number } = {},
): Promise<OverdueReport> {
  // The largest page the operator takes (its profile, docs/decisions/0027-operator-profile.md): the fewest calls.
  const limit = client.profile.pageSizeMax
  const byId = new Map<string, Row<ReportRow>>()
  let withoutId = 0
  for (let offset = 0; ;) {
    // Sorted by id (creation order): a request that becomes overdue while we read lands at the end, not in the middle.
    const canonical = new URLSearchParams({ isOverdue: 'true', sort: 'id', limit: String(limit), offset: String(offset) })
    const response = await client.get('/requests', canonical)
    const page = rowsOf(ZReportRow).safeParse(await response.json().catch(() => undefined))
    const paging = z.pick(ZPagingHeaders, { totalCount: true }).safeParse({ totalCount: response.headers.get(HEADER.totalCount) ?? undefined })
    if (!page.success || !paging.success) {
      throw new ReportError(`GET /requests answered ${response.status} with a body or ${HEADER.totalCount} header that is not the API's.`, 3)
    }
    for (const row of page.data) {
      // An unreadable row is kept by its id, at its place in the whole list; one without an id cannot be listed.
      if (!isUnreadable(row)) byId.set(row.id, row)
      else if (row.id === undefined) withoutId++
      else byId.set(row.id, { ...row, index: offset + row.index })
    }
    const total = paging.data.totalCount
    options.onProgress?.(Math.min(byId.size + withoutId, total), total)
    // The next page starts after the rows this one held: an operator that sends fewer than asked loses none.
    offset += page.data.length
    if (page.data.length === 0 || offset >= total) break
  }
  // The API's flag also marks requests completed late; an unreadable row is kept, its status unknown.
  const requests = [...byId.values()].filter((row) => isUnreadable(row) || isOverdueAndOpen(row, client.profile.closedStatuses))
  return {
    generatedAt: new Date((options.now ?? Date.now)()).toISOString(),
    count: requests.length,
    unreadableCount: requests.filter(isUnreadable).length + withoutId,
    requests,
  }
}

const CSV_COLUMNS: { title: string; value: (request: ReportRow) => string | undefined | null }[] = [
  { title: 'id', value: (r) => r.id },
  { title: 'name', value: (r) => r.name },
  { title: 'customerReference', value: (r) => r.customerReference },
  { title: 'type', value: (r) => r.type },
  { title: 'category', value: (r) => r.category },
  { title: 'status', value: (r) => r.status },
  { title: 'step', value: (r) => r.step },
  { title: 'subStep', value: (r) => r.subStep },
  { title: 'contract', value: (r) => r.contract },
  { title: 'requestedAt', value: (r) => r.keyDates?.requestedAt },
  { title: 'isArchived', value: (r) => (typeof r.isArchived === 'boolean' ? String(r.isArchived) : undefined) },
  { title: 'createdAt', value: (r) => r.createdAt },
  { title: 'updatedAt', value: (r) => r.updatedAt },
]

export function renderReport(report: OverdueReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`
  // The console's CSV writer (contract/csv.ts): RFC 4180, CRLF, a leading = + - @ defused.
  const lines = [csvLine(CSV_COLUMNS.map((column) => column.title))]
  for (const row of report.requests) {
    // A row that could not be read in full shows what could be: its id, and its name when it had one.
    const request: ReportRow = isUnreadable(row) ? { id: row.id ?? '', name: row.name } : row
    lines.push(csvLine(CSV_COLUMNS.map((column) => column.value(request))))
  }
  return lines.join('')
}
