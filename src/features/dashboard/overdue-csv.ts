import type { TFunction } from '@/i18n/translator'
import type { RequestProjection } from '@contract/request'
import { CSV_BOM } from '@/lib/csv'
import { csvLine } from '@contract/csv'
import { daysLate } from '@/lib/lateness'
import { codeText } from '@/lib/code-label'

/**
 * The overdue view as CSV: its columns, headed in the person's language, the most days late first. Type, status,
 * step and sub-step are written as names, each followed by its code for whoever matches them with other data.
 */
export function overdueCsv(rows: readonly RequestProjection[], t: TFunction, typeName: (type: string) => string, now: Date = new Date()): string {
  const header = [
    'id',
    'name',
    'customerReference',
    'type',
    'typeCode',
    'status',
    'statusCode',
    'step',
    'stepCode',
    'subStep',
    'subStepCode',
    'requestedAt',
    'daysLate',
  ].map((column) => t(`dashboard.column.${column}`))
  let csv = CSV_BOM + csvLine(header)
  for (const row of rows) {
    const requestedAt = row.keyDates?.requestedAt
    csv += csvLine([
      row.id,
      row.name,
      row.customerReference ?? undefined,
      row.type && typeName(row.type),
      row.type,
      row.status && codeText(t, 'dashboard', 'status', row.status),
      row.status,
      row.step && codeText(t, 'dashboard', 'step', row.step),
      row.step,
      row.subStep && codeText(t, 'dashboard', 'subStep', row.subStep),
      row.subStep,
      requestedAt,
      requestedAt ? daysLate(requestedAt, now) : undefined,
    ])
  }
  return csv
}
