import { z } from 'zod/mini'
import { REQUEST_FIELDS, type RequestField } from '@contract/request'
import type { SortableRequestField } from '@contract/request-query'
import { LIST_STORAGE_KEYS } from '@contract/first-view'
import { localStore } from '@/lib/browser-storage'
import { rememberFirstView } from '@/lib/first-view'
import { currentLanguage } from '@/i18n/i18n'

/**
 * The columns of the requests list, in display order. `id` (the link to the request) and `delay` (what
 * makes an overdue request stand out) are always shown; the others are a per-browser choice.
 */
export const LIST_COLUMNS = [
  'id',
  'name',
  'customerReference',
  'type',
  'category',
  'status',
  'step',
  'subStep',
  'requestedAt',
  'delay',
  'isArchived',
  'createdAt',
  'updatedAt',
] as const
export type ListColumn = (typeof LIST_COLUMNS)[number]

interface ColumnSpec {
  /** What the API must send for the cell (`fields=`). */
  fields: readonly RequestField[]
  /** The API's sort field, when the column can be sorted by. */
  sort?: SortableRequestField
  /** Dates read best newest first, overdue requests first; text from A to Z. */
  firstDirection?: 'asc' | 'desc'
  hideable: boolean
  shownByDefault: boolean
}

export const COLUMNS: Record<ListColumn, ColumnSpec> = {
  id: { fields: ['id'], sort: 'id', firstDirection: 'desc', hideable: false, shownByDefault: true },
  name: { fields: ['name'], sort: 'name', hideable: true, shownByDefault: true },
  customerReference: { fields: ['customerReference'], sort: 'customerReference', hideable: true, shownByDefault: true },
  type: { fields: ['type'], sort: 'type', hideable: true, shownByDefault: true },
  category: { fields: ['category'], sort: 'category', hideable: true, shownByDefault: false },
  status: { fields: ['status'], sort: 'status', hideable: true, shownByDefault: true },
  step: { fields: ['step'], sort: 'step', hideable: true, shownByDefault: false },
  subStep: { fields: ['subStep'], sort: 'subStep', hideable: true, shownByDefault: false },
  requestedAt: { fields: ['keyDates'], sort: 'keyDates.requestedAt', firstDirection: 'desc', hideable: true, shownByDefault: true },
  delay: { fields: ['isOverdue', 'keyDates', 'status'], sort: 'isOverdue', firstDirection: 'desc', hideable: false, shownByDefault: true },
  isArchived: { fields: ['isArchived'], hideable: true, shownByDefault: false },
  createdAt: { fields: ['createdAt'], sort: 'createdAt', firstDirection: 'desc', hideable: true, shownByDefault: true },
  updatedAt: { fields: ['updatedAt'], sort: 'updatedAt', firstDirection: 'desc', hideable: true, shownByDefault: false },
}

/**
 * What every row needs whatever the columns: its link, whether and how late it is overdue, and where it stands (to
 * mark what changed since the person last looked, docs/decisions/0025).
 */
const ROW_FIELDS: readonly RequestField[] = ['id', 'isOverdue', 'keyDates', 'status', 'step', 'subStep']

export const DEFAULT_COLUMNS: ListColumn[] = LIST_COLUMNS.filter((column) => COLUMNS[column].shownByDefault)

/** The columns given, in display order, with the ones that are always shown. */
export function normalizeColumns(columns: readonly ListColumn[]): ListColumn[] {
  return LIST_COLUMNS.filter((column) => !COLUMNS[column].hideable || columns.includes(column))
}

/** The `fields` to ask for the columns shown, in the contract's order so that the same columns give the same query. */
export function fieldsOf(columns: readonly ListColumn[]): RequestField[] {
  const wanted = new Set<RequestField>([...ROW_FIELDS, ...columns.flatMap((column) => COLUMNS[column].fields)])
  return REQUEST_FIELDS.filter((field) => wanted.has(field))
}

/** The sort after activating a column's header: the other direction if it is the sort, else its first direction. */
export function nextSort(currentSort: string, column: ListColumn): string {
  const field = COLUMNS[column].sort
  if (!field) return currentSort
  if (currentSort === field) return `-${field}`
  if (currentSort === `-${field}`) return field
  return COLUMNS[column].firstDirection === 'desc' ? `-${field}` : field
}

/** How the list is sorted by `column`, if it is. */
export function sortDirectionOf(currentSort: string, column: ListColumn): 'ascending' | 'descending' | undefined {
  const field = COLUMNS[column].sort
  if (!field) return undefined
  if (currentSort === field) return 'ascending'
  if (currentSort === `-${field}`) return 'descending'
  return undefined
}

// --- The choice of columns: a preference of this browser, not server state -------------------------

const STORAGE_KEY = LIST_STORAGE_KEYS.columns
const ZStoredColumns = z.pipe(
  z.array(z.string()),
  z.transform((names: string[]) => names.filter((name): name is ListColumn => (LIST_COLUMNS as readonly string[]).includes(name))),
)

const storage = localStore

/**
 * The columns this browser chose, or the default ones; whatever is stored, a usable list. `store` is the browser's
 * storage, or what the gateway's first view was told of it (src/entry-server.tsx).
 */
export function readVisibleColumns(store: Pick<Storage, 'getItem'> | null = storage()): ListColumn[] {
  const stored = store?.getItem(STORAGE_KEY)
  if (!stored) return DEFAULT_COLUMNS
  try {
    const parsed = ZStoredColumns.safeParse(JSON.parse(stored))
    return parsed.success ? normalizeColumns(parsed.data) : DEFAULT_COLUMNS
  } catch {
    return DEFAULT_COLUMNS
  }
}

export function saveVisibleColumns(columns: readonly ListColumn[]): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(normalizeColumns(columns)))
  } catch {
    // A full or refused storage only loses the preference.
  }
  // The next visit's first view, rendered by the gateway, shows these columns (docs/decisions/0026-first-view.md).
  rememberFirstView(currentLanguage())
}

/**
 * The columns the list shows for an address: those its URL names (a saved or shared view), else this browser's. The
 * list, its route's loader and the gateway's first view (docs/decisions/0026-first-view.md) read them here alike.
 */
export function columnsFor(params: URLSearchParams, store?: Pick<Storage, 'getItem'> | null): ListColumn[] {
  return columnsOfUrl(params.get('columns')) ?? readVisibleColumns(store)
}

/** The columns a view's URL names (`columns=id,name,…`), or none when it names none that exist. */
export function columnsOfUrl(value: string | null): ListColumn[] | null {
  if (!value) return null
  const named = value.split(',').filter((name): name is ListColumn => (LIST_COLUMNS as readonly string[]).includes(name))
  return named.length ? normalizeColumns(named) : null
}

// --- Row density: compact by default, a per-browser choice ------------------------------------------

const DENSITY_KEY = LIST_STORAGE_KEYS.density

export function readDensity(): 'compact' | 'comfortable' {
  return storage()?.getItem(DENSITY_KEY) === 'comfortable' ? 'comfortable' : 'compact'
}

export function saveDensity(density: 'compact' | 'comfortable'): void {
  try {
    storage()?.setItem(DENSITY_KEY, density)
  } catch {
    // A full or refused storage only loses the preference.
  }
  rememberFirstView(currentLanguage())
}
