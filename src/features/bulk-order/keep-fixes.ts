import { REFERENCE_KEY, type SheetRow } from './check-rows'

/**
 * Fixes typed in the preview, kept when the file is chosen again (docs/decisions/0035-bulk-order.md): a fix applies to
 * the same row number and column of the new file when that cell still holds what the fix replaced, so a cell the
 * person corrected in the file meanwhile (or a row that moved) wins over the fix.
 */
export interface CellFix {
  row: number
  column: string
  /** The file's value the fix replaced ('' for a reference that was made up). */
  original: string
  value: string
}

/** The fixes with one more: a cell fixed twice keeps what the file had at first. */
export function withFix(fixes: readonly CellFix[], row: SheetRow, column: string, value: string): CellFix[] {
  const previous = fixes.find((fix) => fix.row === row.number && fix.column === column)
  const original = previous ? previous.original : fileValue(row, column)
  const others = fixes.filter((fix) => fix !== previous)
  return value === original ? others : [...others, { row: row.number, column, original, value }]
}

const fileValue = (row: SheetRow, column: string) => (column === REFERENCE_KEY && row.generated ? '' : (row.cells[column] ?? ''))

/** The new file's rows with the fixes that still apply, and the fixes kept and left. */
export function applyFixes(rows: readonly SheetRow[], fixes: readonly CellFix[]): { rows: SheetRow[]; kept: CellFix[]; left: CellFix[] } {
  const kept: CellFix[] = []
  const left: CellFix[] = []
  const byNumber = new Map(rows.map((row) => [row.number, { ...row, cells: { ...row.cells } }]))
  for (const fix of fixes) {
    const row = byNumber.get(fix.row)
    if (!row || fileValue(row, fix.column) !== fix.original) {
      left.push(fix)
      continue
    }
    row.cells[fix.column] = fix.value
    if (fix.column === REFERENCE_KEY) row.generated = false
    kept.push(fix)
  }
  return { rows: [...byNumber.values()], kept, left }
}
