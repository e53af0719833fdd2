/**
 * CSV as spreadsheets read it (RFC 4180): fields with a quote, comma or line break are quoted, quotes
 * doubled, lines ended with CRLF. A cell that a spreadsheet would run as a formula (=, +, -, @, and the tab
 * and carriage return that some also accept) is prefixed with `'`, so data from the API never runs as one
 * (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

/** A byte-order mark first, so that spreadsheet programs read the file as UTF-8 (accents, "–"). */
export const CSV_BOM = '\uFEFF'

/** `requests-YYYY-MM-DD.csv`, the day being the person's. */
export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `requests-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}
