import { MAP_ENTRY, type FormField } from './form-model'

/**
 * What the form holds and what it sends. Inputs hold text ('' = not given); an optional yes/no holds
 * '', 'true' or 'false' so that "not said" can be told from "no"; lists hold one object per entry; files hold
 * `{ name, body, mimeType, size }`. The body is built from these by the model, so the same tree both draws
 * the form and writes the request.
 */
export type FormValues = Record<string, unknown>
export interface ChosenFile {
  name: string
  body: string
  mimeType?: string
  size: number
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A form with nothing typed yet: lists that need entries start with as many empty ones as required. */
export function emptyValues(field: FormField): unknown {
  switch (field.kind) {
    case 'object':
      return Object.fromEntries(field.children.filter((c) => c.kind !== 'const').map((c) => [c.key, emptyValues(c)]))
    case 'array':
      return Array.from({ length: Math.max(field.minItems ?? 0, 0) }, () => emptyValues(field.item))
    case 'files':
    case 'map':
      return []
    case 'boolean':
      return field.required ? false : ''
    case 'const':
      return undefined
    default:
      return ''
  }
}

function numberOrText(value: string): number | string {
  const trimmed = value.trim()
  const parsed = Number(trimmed)
  // '12abc' is sent as typed so that validation says "must be a number" rather than silently dropping it.
  return trimmed !== '' && Number.isFinite(parsed) ? parsed : value
}

/** Whether anything was typed in a part: required sub-groups alone (an empty `contacts.primary`) do not count. */
function holdsValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0
  if (isRecord(value)) return Object.values(value).some(holdsValue)
  return value !== undefined
}

/** The request body the form's values describe. Empty optional parts are left out, as if never typed. */
export function toBody(field: FormField, value: unknown): unknown {
  switch (field.kind) {
    case 'object': {
      const source = isRecord(value) ? value : {}
      const body: Record<string, unknown> = {}
      for (const child of field.children) {
        const childBody = toBody(child, source[child.key])
        if (childBody !== undefined) body[child.key] = childBody
      }
      return field.required || holdsValue(body) ? body : undefined
    }
    case 'array': {
      const items = Array.isArray(value) ? value.map((item) => toBody(field.item, item) ?? {}) : []
      return items.length > 0 || field.required ? items : undefined
    }
    case 'files': {
      const files = Array.isArray(value) ? (value as ChosenFile[]).map(({ name, body, mimeType }) => ({ name, body, ...(mimeType ? { mimeType } : {}) })) : []
      return files.length > 0 || field.required ? files : undefined
    }
    case 'map': {
      const entries = mapEntries(value).filter((entry) => entry.key.trim() !== '')
      const body: Record<string, unknown> = {}
      for (const entry of entries) setDotted(body, entry.key, readEntryValue(entry.value).value)
      return entries.length > 0 || field.required ? body : undefined
    }
    case 'const':
      return field.value
    case 'boolean':
      if (typeof value === 'boolean') return field.required || value ? value : undefined
      return value === 'true' ? true : value === 'false' ? false : undefined
    case 'enum': {
      if (typeof value !== 'string' || value === '') return undefined
      return field.options.find((option) => String(option) === value) ?? value
    }
    case 'number':
      return typeof value === 'string' && value.trim() !== '' ? numberOrText(value) : typeof value === 'number' ? value : undefined
    case 'text':
    case 'unknown':
      return typeof value === 'string' && value !== '' ? value : undefined
  }
}

/**
 * Form values from an existing request or body (modify, terminate, cancel, "fix and resubmit"): what the
 * source holds where the model has a field; everything else starts empty. Files are never copied: the API
 * does not return their content.
 */
export function valuesFrom(field: FormField, source: unknown): unknown {
  switch (field.kind) {
    case 'object': {
      const record = isRecord(source) ? source : {}
      return Object.fromEntries(field.children.filter((c) => c.kind !== 'const').map((c) => [c.key, valuesFrom(c, record[c.key])]))
    }
    case 'array':
      return Array.isArray(source) && source.length > 0 ? source.map((item) => valuesFrom(field.item, item)) : emptyValues(field)
    case 'files':
      return []
    case 'map':
      return Array.isArray(source)
        ? mapEntries(source)
        : isRecord(source)
          ? flatten(source).map(([key, entry]) => ({ key, value: writeEntryValue(entry) }))
          : []
    case 'boolean':
      // A draft holds 'true' / 'false' for an optional yes/no; a request holds booleans.
      if (source === 'true' || source === 'false') return field.required ? source === 'true' : source
      if (typeof source !== 'boolean') return emptyValues(field)
      return field.required ? source : String(source)
    case 'const':
      return undefined
    default:
      return typeof source === 'string' || typeof source === 'number' || typeof source === 'boolean' ? String(source) : ''
  }
}

/** Draft-safe values: the same, without file content (too large for local storage, and not typed). */
export function withoutFiles(field: FormField, value: unknown): unknown {
  if (field.kind === 'files') return []
  if (field.kind === 'object' && isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => {
        const childField = field.children.find((c) => c.key === key)
        return [key, childField ? withoutFiles(childField, child) : child]
      }),
    )
  }
  if (field.kind === 'array' && Array.isArray(value)) return value.map((item) => withoutFiles(field.item, item))
  return value
}

/**
 * Keys name nested parts with dots (`servicePoint.id`), so that a person gives a part of a part without writing JSON
 * (docs/decisions/0030-forms-for-any-catalog.md): `{ "servicePoint": { "id": … } }` is sent.
 */
function setDotted(target: Record<string, unknown>, key: string, value: unknown) {
  const names = key
    .split('.')
    .map((name) => name.trim())
    .filter(Boolean)
  let node = target
  for (const name of names.slice(0, -1)) {
    if (!isRecord(node[name])) node[name] = {}
    node = node[name] as Record<string, unknown>
  }
  const last = names.at(-1)
  if (last !== undefined) node[last] = value
}

/** A request's parts as entries: nested objects by dotted keys, lists and plain values as they are. */
function flatten(source: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(source).flatMap(([key, value]): [string, unknown][] =>
    isRecord(value) && Object.keys(value).length > 0 && !key.includes('.') ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  )
}

interface MapEntry {
  key: string
  value: string
}

function mapEntries(value: unknown): MapEntry[] {
  if (!Array.isArray(value)) return []
  return value.filter(isRecord).map((entry) => ({
    key: typeof entry[MAP_ENTRY.key] === 'string' ? (entry[MAP_ENTRY.key] as string) : '',
    value: typeof entry[MAP_ENTRY.value] === 'string' ? (entry[MAP_ENTRY.value] as string) : '',
  }))
}

/**
 * A key/value entry's value as typed (docs/decisions/0030-forms-for-any-catalog.md): read as JSON when it is JSON
 * (`12`, `true`, `"12"`, `{ "id": "SP1" }`, `[1, 2]`), so that a person can give numbers, yes/no and nested parts;
 * anything else is text. Text that opens like JSON (`{`, `[`, `"`) but is not JSON is an error: the person meant JSON.
 */
function readEntryValue(typed: string): { value: unknown; valid: boolean } {
  const trimmed = typed.trim()
  try {
    return { value: JSON.parse(trimmed) as unknown, valid: true }
  } catch {
    return { value: typed, valid: !/^[[{"]/.test(trimmed) }
  }
}

/** The text that `readEntryValue` reads back as `value`: a text that would read as JSON is quoted. */
function writeEntryValue(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? ''
  const read = readEntryValue(value)
  return read.valid && read.value === value ? value : JSON.stringify(value)
}

/** What the form's own checks find in key/value entries: a value that is not the JSON it opens as, a value without a key. */
export interface EntryIssue {
  path: string
  problem: 'json' | 'key'
}

export function entryIssues(field: FormField, value: unknown, name = ''): EntryIssue[] {
  const join = (key: string) => (name ? `${name}.${key}` : key)
  if (field.kind === 'map') {
    return mapEntries(value).flatMap((entry, index): EntryIssue[] => {
      if (entry.key.trim() === '' && entry.value.trim() !== '') return [{ path: join(`${index}.${MAP_ENTRY.key}`), problem: 'key' as const }]
      return readEntryValue(entry.value).valid ? [] : [{ path: join(`${index}.${MAP_ENTRY.value}`), problem: 'json' as const }]
    })
  }
  if (field.kind === 'object' && isRecord(value)) return field.children.flatMap((child) => entryIssues(child, value[child.key], join(child.key)))
  if (field.kind === 'array' && Array.isArray(value)) return value.flatMap((item, index) => entryIssues(field.item, item, join(String(index))))
  return []
}
