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

/** `<name>-YYYY-MM-DD.csv` (`requests-…` unless named), the day being the person's. */
export function csvFileName(now: Date = new Date(), name = 'requests'): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}

/** Hands the text to the browser as a download. */
export function downloadCsv(csv: string, fileName: string = csvFileName()): void {
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName)
}

/** Hands a file to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the URL by now; keeping it a little longer costs nothing and is safer.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
