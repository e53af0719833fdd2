/**
 * The spreadsheet's columns of a catalog item (docs/decisions/0035-bulk-order.md): one per plain field of the item's
 * form, nested fields flattened by path ("Location › Address › City"), read from the same field tree the creation form
 * draws (the route hands it over: features never import each other). A list's fields get a column each, its items in
 * one cell separated by `|` (LIST_SEPARATOR), in the same order in each of its columns; key/value entries get one
 * column of `key=value` separated by `|`. Files have no column (the rows are sent without them); a list inside a list
 * has none either, and when it is required the item cannot be ordered from a sheet (`blocked`).
 */

/** What the sheet reads of a form field: the creation form's tree is assignable to it. */
export interface SheetField {
  key: string
  path: readonly string[]
  label: string
  description?: string
  required: boolean
  kind: string
  children?: readonly SheetField[]
  options?: readonly (string | number | boolean)[]
  format?: string
  maxLength?: number
  minimum?: number
  maximum?: number
  /** A list's item (the form's `array`). */
  item?: SheetField
  minItems?: number
}

export interface SheetColumn {
  /** The body path joined with dots (`properties.location.address.city`): also accepted as a header. */
  key: string
  path: readonly string[]
  /** "Location › Address › City", in the person's language. */
  header: string
  required: boolean
  kind: 'text' | 'date' | 'enum' | 'number' | 'boolean' | 'entries'
  options?: readonly (string | number | boolean)[]
  maxLength?: number
  /** The column is a list's field: where `*` (each item) stands in its path. */
  listAt?: number
}

/** A field the sheet cannot hold, which the item's body requires: the item is ordered with the form. */
export interface BlockedField {
  header: string
  reason: 'nestedList' | 'unknown'
}

/** Separates a list's items in a cell (`10 | 20`), and key/value entries (`colour=blue | size=2`). */
export const LIST_SEPARATOR = '|'

export const PATH_SEPARATOR = ' › '
/** Marks a required column's header. */
export const REQUIRED_MARK = ' *'

const COLUMN_KINDS = new Set(['text', 'enum', 'number', 'boolean', 'unknown'])

export function sheetColumns(model: SheetField): SheetColumn[] {
  return sheetOf(model).columns
}

/** The item's columns, the files left to the form (by header), and the required fields no cell can hold. */
export function sheetOf(model: SheetField): { columns: SheetColumn[]; files: string[]; blocked: BlockedField[] } {
  const columns: SheetColumn[] = []
  const files: string[] = []
  const blocked: BlockedField[] = []
  const visit = (field: SheetField, labels: readonly string[], required: boolean, listAt: number | undefined) => {
    const header = [...labels, field.label].join(PATH_SEPARATOR)
    if (field.kind === 'object') {
      // The root, the body's `properties` wrapper and a list's item name no part of a site: "Location › Address › City".
      const unnamed = field.path.length === 0 || (field.path.length === 1 && field.key === 'properties') || field.key === '*'
      for (const child of field.children ?? []) visit(child, unnamed ? labels : [...labels, field.label], required && child.required, listAt)
      return
    }
    if (field.kind === 'array' && field.item) {
      if (listAt !== undefined) {
        if (required && (field.minItems ?? 0) > 0) blocked.push({ header, reason: 'nestedList' })
        return
      }
      visit(field.item, [...labels, field.label], required && (field.minItems ?? 0) > 0, field.path.length)
      return
    }
    if (field.kind === 'files') return void files.push(header)
    if (field.kind === 'map' && listAt === undefined) {
      columns.push({ key: field.path.join('.'), path: field.path, header, required: false, kind: 'entries' })
      return
    }
    if (!COLUMN_KINDS.has(field.kind)) {
      if (required && field.kind !== 'const') blocked.push({ header, reason: field.kind === 'map' ? 'nestedList' : 'unknown' })
      return
    }
    const kind = field.kind === 'enum' || field.kind === 'number' || field.kind === 'boolean' ? field.kind : field.format === 'date' ? 'date' : 'text'
    columns.push({
      key: field.path.join('.'),
      path: field.path,
      header,
      required,
      kind,
      ...(field.options ? { options: field.options } : {}),
      ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
      ...(listAt !== undefined ? { listAt } : {}),
    })
  }
  visit(model, [], true, undefined)
  return { columns, files, blocked }
}

export const headerOf = (column: SheetColumn) => `${column.header}${column.required ? REQUIRED_MARK : ''}`

const normalize = (header: string) =>
  header
    .replace(/\s*\*\s*$/, '')
    .replace(/\s*[›>/]\s*/g, PATH_SEPARATOR)
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** The column each header names (by its words or its dotted path), and the headers that name none. */
export function matchHeaders(headers: readonly string[], columns: readonly SheetColumn[]): { matched: (SheetColumn | undefined)[]; unknown: string[] } {
  const byName = new Map<string, SheetColumn>()
  for (const column of columns) {
    byName.set(normalize(column.header), column)
    byName.set(column.key.toLowerCase(), column)
  }
  const matched = headers.map((header) => (header.trim() === '' ? undefined : byName.get(normalize(header))))
  const unknown = headers.filter((header, index) => header.trim() !== '' && !matched[index])
  return { matched, unknown }
}

/**
 * A cell's value set into form values at the column's path (`{ properties: { location: { … } } }`); a numeric segment
 * (a list's item, `*` replaced by its index) makes a list, as the form holds one object per item.
 */
export function setAt(values: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node: Record<string, unknown> = values
  path.slice(0, -1).forEach((segment, index) => {
    const next = node[segment]
    if (typeof next !== 'object' || next === null) node[segment] = /^\d+$/.test(path[index + 1]!) ? [] : {}
    node = node[segment] as Record<string, unknown>
  })
  node[path.at(-1)!] = value
}

/** A list cell's items (`10 | 20`), empty ones kept so that items stay aligned across the list's columns. */
export const listItems = (cell: string): string[] => (cell.trim() === '' ? [] : cell.split(LIST_SEPARATOR).map((item) => item.trim()))

/** Key/value entries of a cell (`colour=blue | size=2`), as the form holds them. */
export const cellEntries = (cell: string): { key: string; value: string }[] =>
  listItems(cell).map((entry) => {
    const at = entry.indexOf('=')
    return at < 0 ? { key: entry, value: '' } : { key: entry.slice(0, at).trim(), value: entry.slice(at + 1).trim() }
  })
