import { z } from 'zod'
import { pick } from 'zod/mini'
import { HEADER, ZPagingHeaders } from '@contract/common'
import { ZRequest, type Request as OrderingRequest } from '@contract/request'
import { REQUEST_PAGE } from '@contract/request-query'
import { ReportError, type MachineClient } from './machine-client'

/**
 * Every overdue request of the application's customer (GET /requests?isOverdue=true, the dashboard's overdue
 * view), page by page with offset and limit until X-Total-Count is reached, and its CSV or JSON rendering
 * (docs/decisions/0019-overdue-report.md).
 */
export const REPORT_FORMATS = ['csv', 'json'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]

export interface OverdueReport {
  generatedAt: string
  count: number
  requests: OrderingRequest[]
}

export async function fetchOverdueRequests(
  client: MachineClient,
  options: { onProgress?: (read: number, total: number) => void; now?: () => number } = {},
): Promise<OverdueReport> {
  const limit = REQUEST_PAGE.maxLimit
  const byId = new Map<string, OrderingRequest>()
  for (let offset = 0; ; offset += limit) {
    // Sorted by id (creation order): a request that becomes overdue while we read lands at the end, not in the middle.
    const response = await client.get(`/requests?isOverdue=true&sort=id&limit=${limit}&offset=${offset}`)
    const page = z.array(ZRequest).safeParse(await response.json().catch(() => undefined))
    const paging = pick(ZPagingHeaders, { totalCount: true }).safeParse({ totalCount: response.headers.get(HEADER.totalCount) ?? undefined })
    if (!page.success || !paging.success) {
      throw new ReportError(`GET /requests answered ${response.status} with a body or ${HEADER.totalCount} header that is not the API's.`, 3)
    }
    for (const request of page.data) byId.set(request.id, request)
    const total = paging.data.totalCount
    options.onProgress?.(Math.min(byId.size, total), total)
    if (page.data.length === 0 || offset + limit >= total) break
  }
  const requests = [...byId.values()]
  return { generatedAt: new Date((options.now ?? Date.now)()).toISOString(), count: requests.length, requests }
}

const CSV_COLUMNS: { title: string; value: (request: OrderingRequest) => string | undefined | null }[] = [
  { title: 'id', value: (r) => r.id },
  { title: 'name', value: (r) => r.name },
  { title: 'customerReference', value: (r) => r.customerReference },
  { title: 'type', value: (r) => r.type },
  { title: 'category', value: (r) => r.category },
  { title: 'status', value: (r) => r.status },
  { title: 'step', value: (r) => r.step },
  { title: 'subStep', value: (r) => r.subStep },
  { title: 'contract', value: (r) => r.contract },
  { title: 'requestedAt', value: (r) => r.keyDates.requestedAt },
  { title: 'isArchived', value: (r) => String(r.isArchived) },
  { title: 'createdAt', value: (r) => r.createdAt },
  { title: 'updatedAt', value: (r) => r.updatedAt },
]

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | undefined | null): string {
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function renderReport(report: OverdueReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`
  const lines = [CSV_COLUMNS.map((column) => column.title).join(',')]
  for (const request of report.requests) lines.push(CSV_COLUMNS.map((column) => csvField(column.value(request))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
