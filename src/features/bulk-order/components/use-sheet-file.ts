import { useState } from 'react'
import { findExistingReferences } from '../api/existing-references'
import { batchPrefix, checkRow, checkRows, markDuplicates, REFERENCE_KEY, sheetRows, type CheckContext, type CheckedRow } from '../check-rows'
import { applyFixes, withFix, type CellFix } from '../keep-fixes'
import { readSheetFile, type SheetProblem } from '../read-sheet'
import { matchHeaders, type SheetColumn } from '../sheet-columns'
import type { ChosenItem } from './use-chosen-item'

export type FileProblem = SheetProblem | { kind: 'unknownColumns'; columns: string; item: string } | { kind: 'noItem' }

export interface Preview {
  fileName: string
  /** The start of the references made up for rows without one. */
  prefix: string
  columns: SheetColumn[]
  rows: CheckedRow[]
  context: CheckContext
}

/** Fixes typed in place which were kept for the file chosen again, and those left because the file changed them. */
export interface CarriedFixes {
  kept: CellFix[]
  left: CellFix[]
}

/**
 * The file chosen, read and checked row by row with the form's rules (docs/decisions/0035-bulk-order.md), and the
 * cells fixed in place, carried to the file chosen again where they still apply (../keep-fixes.ts).
 */
export function useSheetFile({ item, itemForm, blocked, columns }: ChosenItem, locale: string, contracts: readonly string[]) {
  const [problem, setProblem] = useState<FileProblem | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [checking, setChecking] = useState(false)
  const [fixes, setFixes] = useState<CellFix[]>([])
  const [carried, setCarried] = useState<CarriedFixes | null>(null)

  async function readFile(file: File) {
    setProblem(null)
    setPreview(null)
    if (!item || !itemForm || blocked) return setProblem({ kind: 'noItem' })
    setChecking(true)
    try {
      // The XLSX reader loads only now, when such a file is chosen (0035).
      const read = await readSheetFile(file, async (xlsx) => (await import('../xlsx')).readXlsxRows(xlsx))
      if (!read.ok) return setProblem(read.problem)
      const { matched, unknown } = matchHeaders(read.sheet.headers, columns)
      if (unknown.length > 0) return setProblem({ kind: 'unknownColumns', columns: unknown.join(', '), item: item.name ?? item.id })
      const prefix = batchPrefix()
      const applied = applyFixes(
        sheetRows(
          read.sheet.rows,
          matched,
          prefix,
          columns.some((column) => column.key === REFERENCE_KEY),
        ),
        fixes,
      )
      const rows = applied.rows
      setFixes(applied.kept)
      setCarried(fixes.length > 0 ? { kept: applied.kept, left: applied.left } : null)
      const validator = await itemForm.form.loadValidator()
      const context: CheckContext = { columns, form: itemForm.form, validator, locale, contracts }
      const existing = await findExistingReferences(rows.map((row) => row.cells[REFERENCE_KEY] ?? '')).catch(() => new Map<string, string>())
      setPreview({ fileName: file.name, prefix, columns, rows: await checkRows(rows, context, existing), context })
    } finally {
      setChecking(false)
    }
  }

  function fixCell(number: number, column: string, value: string) {
    const fixed = preview?.rows.find((row) => row.number === number)
    if (fixed) setFixes((current) => withFix(current, fixed, column, value))
    setPreview((current) => current && fixedPreview(current, number, column, value))
  }

  /** Another item chosen: nothing of the file read for the last one is kept. */
  function clear() {
    setPreview(null)
    setProblem(null)
    setFixes([])
    setCarried(null)
  }

  return { problem, preview, checking, carried, readFile, fixCell, clear, clearPreview: () => setPreview(null) }
}

/** The preview with one cell changed, its row checked again, and the references' duplicates marked anew. */
function fixedPreview(current: Preview, number: number, column: string, value: string): Preview {
  const rows = current.rows.map((row) =>
    row.number === number
      ? checkRow(
          { ...row, cells: { ...row.cells, [column]: value }, generated: row.generated && column !== REFERENCE_KEY ? row.generated : false },
          current.context,
        )
      : row,
  )
  return { ...current, rows: markDuplicates(rows, new Map()) }
}
