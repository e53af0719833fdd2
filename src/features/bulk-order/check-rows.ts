import type { TFunction } from '@/i18n/translator'
import { cellEntries, listItems, setAt, type SheetColumn } from './sheet-columns'
import { readSheetDate } from './sheet-dates'

/**
 * The preview's checks (docs/decisions/0035-bulk-order.md): each row becomes the body the creation form would send and
 * is checked by the form's own validator (the item's schema, the variant's rules, `requestedAt` ≥ today + 7 days,
 * reference ≤ 18, contract ≤ 10), handed over by the route; on top, what only a batch can get wrong: a reference twice
 * in the file or already used by a request, a contract /me does not list.
 */

/** An issue of the form's validator on a body: `path` dotted, and the form's sentence for it. */
export interface RuleIssue {
  path: string
  message: string
  sentence(label: string, t: TFunction, locale: string): string
}

export interface RowValidator {
  validate(body: unknown): RuleIssue[]
}

/** What the sheet needs of an item's form: its field tree's columns, the body its values make, its validator. */
export interface ItemSheetForm {
  toBody(values: Record<string, unknown>): unknown
  loadValidator(): Promise<RowValidator | undefined>
}

export type CellProblem =
  | { kind: 'rule'; issue: RuleIssue }
  | { kind: 'duplicateInFile'; rows: number[] }
  | { kind: 'existing'; id: string }
  | { kind: 'contractNotListed'; contracts: string }

export interface RowProblem {
  /** The column's key, or null for what no column holds. */
  column: string | null
  problem: CellProblem
}

export interface SheetRow {
  /** The row's number among the file's data rows, from 1. */
  number: number
  cells: Record<string, string>
  /** The reference was empty and one was made up. */
  generated: boolean
}

export interface CheckedRow extends SheetRow {
  reference: string
  body: Record<string, unknown>
  problems: RowProblem[]
}

export const REFERENCE_KEY = 'customerReference'
export const CONTRACT_KEY = 'contract'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `BO7K3F2Q`: the batch's prefix, from the time, so that its made-up references sort and are found together. */
export function batchPrefix(now: number = Date.now()): string {
  return `BO${now.toString(36).toUpperCase().slice(-6)}`
}

/** The rows of a sheet, by column key; an empty reference gets `<prefix>-<row>`, shown as made up. */
export function sheetRows(rows: readonly string[][], matched: readonly (SheetColumn | undefined)[], prefix: string, hasReference: boolean): SheetRow[] {
  return rows.map((row, index) => {
    const cells: Record<string, string> = {}
    matched.forEach((column, at) => {
      // The `'` a CSV writer puts before a formula-like cell (src/lib/csv.ts) is not part of the value.
      if (column) cells[column.key] = (row[at] ?? '').trim().replace(/^'(?=[=+\-@])/, '')
    })
    const generated = hasReference && !cells[REFERENCE_KEY]
    if (generated) cells[REFERENCE_KEY] = `${prefix}-${index + 1}`
    return { number: index + 1, cells, generated }
  })
}

const YES = new Set(['true', 'yes', 'y', 'oui', 'o', '1', 'x', 'vrai'])
const NO = new Set(['false', 'no', 'n', 'non', '0', 'faux'])

function cellValue(column: SheetColumn, cell: string, locale: string): string {
  if (cell === '') return ''
  if (column.kind === 'entries') return cell
  switch (column.kind) {
    case 'date':
      return readSheetDate(cell, locale)
    case 'boolean': {
      const lower = cell.toLowerCase()
      return YES.has(lower) ? 'true' : NO.has(lower) ? 'false' : cell
    }
    case 'number':
      return cell.replace(/\s/g, '').replace(/^(-?\d+),(\d+)$/, '$1.$2')
    default:
      return cell
  }
}

/** The body the form would send for a row's cells. */
export function rowBody(cells: Record<string, string>, columns: readonly SheetColumn[], form: ItemSheetForm, locale: string): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const column of columns) {
    const cell = cells[column.key] ?? ''
    if (column.kind === 'entries') setAt(values, column.path, cellEntries(cell))
    else if (column.listAt === undefined) setAt(values, column.path, cellValue(column, cell, locale))
    else {
      const at = column.listAt
      // Each item of the list at its index; an empty cell adds none (the form's `toBody` sends a required list empty).
      listItems(cell).forEach((item, index) =>
        setAt(values, [...column.path.slice(0, at), String(index), ...column.path.slice(at + 1)], cellValue(column, item, locale)),
      )
    }
  }
  const body = form.toBody(values)
  return isRecord(body) ? body : {}
}

/** The column an issue's path names: the column itself, or the one whose path it is under; null for the body's own. */
export function columnOf(path: string, columns: readonly SheetColumn[]): string | null {
  // A list's item (`vlans.0.id`, `vlans[0].id`) is in the list's column (`vlans.*.id`).
  const dotted = path.replace(/\[(\d+)\]/g, '.$1').replace(/\.\d+(?=\.|$)/g, '.*')
  const exact = columns.find((column) => column.key === dotted)
  if (exact) return exact.key
  const under = columns.find((column) => column.key.startsWith(`${dotted}.`) || dotted.startsWith(`${column.key}.`))
  return under?.key ?? null
}

export interface CheckContext {
  columns: readonly SheetColumn[]
  form: ItemSheetForm
  validator: RowValidator | undefined
  locale: string
  /** The contract numbers /me lists; empty when it lists none (then any contract is the API's to judge). */
  contracts: readonly string[]
}

export function checkRow(row: SheetRow, context: CheckContext): CheckedRow {
  const body = rowBody(row.cells, context.columns, context.form, context.locale)
  const problems: RowProblem[] = []
  for (const issue of context.validator?.validate(body) ?? [])
    problems.push({ column: columnOf(issue.path, context.columns), problem: { kind: 'rule', issue } })
  const contract = row.cells[CONTRACT_KEY]
  if (contract && context.contracts.length > 0 && !context.contracts.includes(contract) && !problems.some((p) => p.column === CONTRACT_KEY)) {
    problems.push({ column: CONTRACT_KEY, problem: { kind: 'contractNotListed', contracts: context.contracts.join(', ') } })
  }
  return { ...row, reference: row.cells[REFERENCE_KEY] ?? '', body, problems }
}

/** Marks references used twice in the file or by an existing request (`existing`: reference → request id). */
export function markDuplicates(rows: readonly CheckedRow[], existing: ReadonlyMap<string, string>): CheckedRow[] {
  const seen = new Map<string, number[]>()
  for (const row of rows) if (row.reference) seen.set(row.reference, [...(seen.get(row.reference) ?? []), row.number])
  return rows.map((row) => {
    const kept = row.problems.filter((p) => p.problem.kind !== 'duplicateInFile' && p.problem.kind !== 'existing')
    const same = seen.get(row.reference) ?? []
    const taken = existing.get(row.reference)
    const hasRule = kept.some((p) => p.column === REFERENCE_KEY)
    if (!hasRule && same.length > 1) kept.push({ column: REFERENCE_KEY, problem: { kind: 'duplicateInFile', rows: same.filter((n) => n !== row.number) } })
    else if (!hasRule && taken) kept.push({ column: REFERENCE_KEY, problem: { kind: 'existing', id: taken } })
    return kept.length === row.problems.length && kept.every((p, i) => p === row.problems[i]) ? row : { ...row, problems: kept }
  })
}

/**
 * Checks every row, yielding to the page whenever a slice has taken `sliceMs`, so that a thousand rows never block it
 * longer than a frame or two (the bench's budget: no task over 200 ms; docs/decisions/0035-bulk-order.md).
 */
export async function checkRows(rows: readonly SheetRow[], context: CheckContext, existing: ReadonlyMap<string, string>, sliceMs = 30): Promise<CheckedRow[]> {
  const checked: CheckedRow[] = []
  let until = performance.now() + sliceMs
  for (const row of rows) {
    checked.push(checkRow(row, context))
    if (performance.now() < until) continue
    await new Promise((resolve) => setTimeout(resolve, 0))
    until = performance.now() + sliceMs
  }
  return markDuplicates(checked, existing)
}

export const isReady = (row: CheckedRow) => row.problems.length === 0
