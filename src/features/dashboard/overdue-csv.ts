import type { TFunction } from '@/i18n/translator'
import type { RequestProjection } from '@contract/request'
import { CSV_BOM, csvLine } from '@/lib/csv'
import { daysLate } from '@/lib/lateness'

/** The overdue view as CSV: its columns, headed in the person's language, the latest request first. */
export function overdueCsv(rows: readonly RequestProjection[], t: TFunction, now: Date = new Date()): string {
  const header = ['id', 'name', 'customerReference', 'type', 'status', 'step', 'subStep', 'requestedAt', 'daysLate'].map((column) => t(`dashboard.column.${column}`))
  let csv = CSV_BOM + csvLine(header)
  for (const row of rows) {
    const requestedAt = row.keyDates?.requestedAt
    csv += csvLine([
      row.id,
      row.name,
      row.customerReference ?? undefined,
      row.type,
      row.status && t(`dashboard.status.${row.status}`),
      row.step && t(`dashboard.step.${row.step}`),
      row.subStep && t(`dashboard.subStep.${row.subStep}`),
      requestedAt,
      requestedAt ? daysLate(requestedAt, now) : undefined,
    ])
  }
  return csv
}
