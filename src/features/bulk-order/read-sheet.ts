import Papa from 'papaparse'

/**
 * A spreadsheet file read into a header and rows of text (docs/decisions/0035-bulk-order.md): CSV with papaparse
 * (comma or semicolon, UTF-8 with or without a byte-order mark, lines opening with `#` being the template's notes).
 * Limits are stated on the page; a file outside them, or of another kind, is a problem with a sentence, never a throw.
 */
export const SHEET_LIMITS = { maxRows: 1000, maxBytes: 2 * 1024 * 1024 } as const

export type SheetProblem =
  | { kind: 'notSpreadsheet'; name: string }
  | { kind: 'tooLarge'; maxBytes: number }
  | { kind: 'tooManyRows'; maxRows: number; rows: number }
  | { kind: 'empty' }
  | { kind: 'unreadable' }

export interface RawSheet {
  headers: string[]
  rows: string[][]
}

export type SheetRead = { ok: true; sheet: RawSheet } | { ok: false; problem: SheetProblem }

export type SheetKind = 'csv' | 'xlsx'

/** The kind of a file by its name and type; anything else is refused before it is read. */
export function sheetKindOf(file: { name: string; type: string }): SheetKind | undefined {
  const name = file.name.toLowerCase()
  if (name.endsWith('.csv') || name.endsWith('.txt') || file.type === 'text/csv') return 'csv'
  if (name.endsWith('.xlsx') || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx'
  return undefined
}

/** Bytes that are not text (a zip, an image, a PDF): a NUL byte in the first kilobytes says so. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 4096).includes(0)
}

/** Rows with every cell empty are dropped: spreadsheets leave them at the end. */
const blank = (row: readonly string[]) => row.every((cell) => cell.trim() === '')

/** A row whose first cell opens with `#` is a note of the template (its example row too), never an order. */
const note = (row: readonly string[]) => (row[0] ?? '').trimStart().startsWith('#')

export function shapeRows(all: string[][]): SheetRead {
  const rows = all.filter((row) => !blank(row) && !note(row))
  const [headers, ...data] = rows
  if (!headers || data.length === 0) return { ok: false, problem: { kind: 'empty' } }
  if (data.length > SHEET_LIMITS.maxRows) return { ok: false, problem: { kind: 'tooManyRows', maxRows: SHEET_LIMITS.maxRows, rows: data.length } }
  return { ok: true, sheet: { headers: headers.map((header) => header.trim()), rows: data } }
}

/** CSV text: the delimiter guessed between `;` and `,` from the header line, the BOM removed, `#` notes skipped. */
export function readCsvText(text: string): SheetRead {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.split(/\r?\n/).find((line) => line.trim() !== '' && !line.startsWith('#')) ?? ''
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  const parsed = Papa.parse<string[]>(body, { delimiter, comments: '#', skipEmptyLines: 'greedy' })
  if (parsed.data.length === 0 && parsed.errors.length > 0) return { ok: false, problem: { kind: 'unreadable' } }
  return shapeRows(parsed.data.map((row) => row.map((cell) => String(cell))))
}

/** Reads a CSV file; an XLSX one is read by `readXlsx`, loaded only then. */
export async function readSheetFile(file: File, readXlsx?: (file: File) => Promise<string[][]>): Promise<SheetRead> {
  const kind = sheetKindOf(file)
  if (!kind) return { ok: false, problem: { kind: 'notSpreadsheet', name: file.name } }
  if (file.size > SHEET_LIMITS.maxBytes) return { ok: false, problem: { kind: 'tooLarge', maxBytes: SHEET_LIMITS.maxBytes } }
  if (kind === 'xlsx') {
    if (!readXlsx) return { ok: false, problem: { kind: 'notSpreadsheet', name: file.name } }
    try {
      return shapeRows(await readXlsx(file))
    } catch {
      return { ok: false, problem: { kind: 'unreadable' } }
    }
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (looksBinary(bytes)) return { ok: false, problem: { kind: 'notSpreadsheet', name: file.name } }
  return readCsvText(new TextDecoder('utf-8').decode(bytes))
}
