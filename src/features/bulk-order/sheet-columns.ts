/**
 * The spreadsheet's columns of a catalog item (docs/decisions/0035-bulk-order.md): one per plain field of the item's
 * form, nested fields flattened by path ("Location › Address › City"), read from the same field tree the creation form
 * draws (the route hands it over: features never import each other). Lists, key/value entries and files have no
 * column: a row is one site, and those are given in the form.
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
}

export interface SheetColumn {
  /** The body path joined with dots (`properties.location.address.city`): also accepted as a header. */
  key: string
  path: readonly string[]
  /** "Location › Address › City", in the person's language. */
  header: string
  required: boolean
  kind: 'text' | 'date' | 'enum' | 'number' | 'boolean'
  options?: readonly (string | number | boolean)[]
  maxLength?: number
}

export const PATH_SEPARATOR = ' › '
/** Marks a required column's header. */
export const REQUIRED_MARK = ' *'

const COLUMN_KINDS = new Set(['text', 'enum', 'number', 'boolean', 'unknown'])

export function sheetColumns(model: SheetField): SheetColumn[] {
  const columns: SheetColumn[] = []
  const visit = (field: SheetField, labels: readonly string[], required: boolean) => {
    if (field.kind === 'object') {
      // The root and the body's `properties` wrapper name no part of a site: "Location › Address › City".
      const named = field.path.length === 0 || (field.path.length === 1 && field.key === 'properties') ? labels : [...labels, field.label]
      for (const child of field.children ?? []) visit(child, named, required && child.required)
      return
    }
    if (!COLUMN_KINDS.has(field.kind)) return
    const kind = field.kind === 'enum' || field.kind === 'number' || field.kind === 'boolean' ? field.kind : field.format === 'date' ? 'date' : 'text'
    columns.push({
      key: field.path.join('.'),
      path: field.path,
      header: [...labels, field.label].join(PATH_SEPARATOR),
      required,
      kind,
      ...(field.options ? { options: field.options } : {}),
      ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    })
  }
  visit(model, [], true)
  return columns
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

/** A cell's text set into form values at the column's path (`{ properties: { location: { … } } }`). */
export function setAt(values: Record<string, unknown>, path: readonly string[], value: string): void {
  let node = values
  for (const segment of path.slice(0, -1)) {
    const next = node[segment]
    if (typeof next !== 'object' || next === null) node[segment] = {}
    node = node[segment] as Record<string, unknown>
  }
  node[path.at(-1)!] = value
}
