/**
 * CSV as spreadsheets read it (RFC 4180), written the same way by the console's exports and the overdue report
 * (docs/decisions/0013-dashboard.md, 0019-overdue-report.md): fields with a quote, comma or line break are quoted,
 * quotes doubled, lines ended with CRLF. A cell that a spreadsheet would run as a formula (=, +, -, @, and the tab and
 * carriage return that some also accept) is prefixed with `'`, so data from the API never runs as one (OWASP "CSV
 * injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/

export type CsvValue = string | number | boolean | null | undefined

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
