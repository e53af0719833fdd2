/**
 * The browser's side of the CSV exports: the file's name, its byte-order mark and its download. Cells and lines are
 * written by `contract/csv.ts`, as the overdue report writes them.
 */

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
