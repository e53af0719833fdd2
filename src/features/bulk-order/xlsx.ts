import { downloadBlob } from '@/lib/csv'

/**
 * XLSX, read and written by read-excel-file and write-excel-file (about 17 and 20 kB gzipped, sharing fflate;
 * docs/decisions/0035-bulk-order.md), each loaded only when an XLSX file is chosen or its template downloaded.
 */

/** A cell as the sheet reads it: dates as YYYY-MM-DD (their UTC day, as spreadsheets store whole days), the rest as text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10)
  return String(value)
}

/** The first sheet's rows, as text. */
export async function readXlsxRows(file: File): Promise<string[][]> {
  const { default: readXlsxFile } = await import('read-excel-file/browser')
  const [first] = await readXlsxFile(file)
  return (first?.data ?? []).map((row) => row.map(cellText))
}

/** The template as a workbook: the rows to fill (header, example) first, the rules' notes on a sheet of their own. */
export async function downloadXlsxTemplate(
  header: readonly string[],
  example: readonly string[],
  notes: readonly string[],
  sheetNames: { rows: string; rules: string },
  fileName: string,
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser')
  const blob = await writeXlsxFile([
    { sheet: sheetNames.rows, data: [header.map((value) => ({ value, fontWeight: 'bold' as const })), example.map((value) => value || null)] },
    { sheet: sheetNames.rules, data: notes.map((note) => [note]) },
  ]).toBlob()
  downloadBlob(blob, fileName)
}

/** A table (a header row in bold, then text rows) as a one-sheet workbook, downloaded: the batch's report. */
export async function downloadXlsxTable(rows: readonly (readonly string[])[], sheetName: string, fileName: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser')
  const [header = [], ...body] = rows
  const blob = await writeXlsxFile([
    { sheet: sheetName, data: [header.map((value) => ({ value, fontWeight: 'bold' as const })), ...body.map((row) => row.map((value) => value || null))] },
  ]).toBlob()
  downloadBlob(blob, fileName)
}
