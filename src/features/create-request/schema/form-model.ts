import { resolveLocalRefs } from '@contract/json-schema-refs'

/**
 * A catalog item's JSON Schema (2020-12), read into a tree of form fields at run time: no form is written
 * per request type (docs/decisions/0014-creation-forms.md). Only what the schema says is used: types,
 * `properties` and `required`, `const`, `enum`, `format`, lengths, bounds, `pattern`, `items`, `title` and
 * `description`, with local `$ref`s followed and `allOf` merged first, `oneOf`/`anyOf` of plain choices read as a
 * choice, and an object that lists no properties read as key/value fields (docs/decisions/0030-forms-for-any-catalog.md).
 * Anything this reader does not know becomes a plain text field, never an error.
 */
export type JsonSchema = Record<string, unknown>

interface FieldBase {
  /** The property name in its parent object ('' for the root). */
  key: string
  /** Path from the body's root: `['properties', 'location', 'address', 'city']`, array items as `'*'`. */
  path: readonly string[]
  label: string
  description?: string
  required: boolean
}

export type TextFormat = 'text' | 'textarea' | 'date' | 'email'

export type FormField =
  | (FieldBase & { kind: 'object'; children: readonly FormField[] })
  | (FieldBase & { kind: 'array'; item: FormField; minItems?: number; maxItems?: number })
  | (FieldBase & { kind: 'files'; maxItems?: number; maxBytes?: number })
  | (FieldBase & { kind: 'text'; format: TextFormat; minLength?: number; maxLength?: number; pattern?: string })
  | (FieldBase & { kind: 'enum'; options: readonly (string | number | boolean)[]; optionLabels?: readonly string[] })
  /** An object that names no properties: entries a person adds, each a key and a value (`row`: its two fields). */
  | (FieldBase & { kind: 'map'; row: FieldBase & { kind: 'object'; children: readonly FormField[] } })
  | (FieldBase & { kind: 'boolean' })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number })
  | (FieldBase & { kind: 'const'; value: unknown })
  /** A construct this reader does not know (`anyOf`, `$ref`, a list of plain values…): typed as text. */
  | (FieldBase & { kind: 'unknown' })

/** Free text longer than this gets a multi-line box. */
const TEXTAREA_FROM_LENGTH = 200

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined)
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

/** `bandwidthMbps` → `Bandwidth mbps`: a label for a property the schema gives no title. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words ? words[0]!.toUpperCase() + words.slice(1) : key
}

/** The schema's own type, ignoring `null` in a list of types (`["string", "null"]`). */
function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type
  if (typeof type === 'string') return type
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null')
  if (isSchema(schema.properties)) return 'object'
  if ('const' in schema) return 'const'
  if (Array.isArray(schema.enum)) return 'enum'
  return undefined
}

/** An array whose items carry base64 content (`contentEncoding: base64`): files the person picks. */
function isFileList(schema: JsonSchema): boolean {
  const items = schema.items
  if (!isSchema(items) || !isSchema(items.properties)) return false
  return Object.values(items.properties).some((property) => isSchema(property) && property.contentEncoding === 'base64')
}

/**
 * The decoded size a base64 `maxLength` allows. Caps are published as base64 lengths, which round up to
 * whole 3-byte groups (1 MiB is 1,398,104 characters, 1,048,578 bytes): the cap is the largest whole KiB under.
 */
function base64LengthToBytes(length: number | undefined): number | undefined {
  if (length === undefined) return undefined
  const bytes = Math.floor(length / 4) * 3
  return bytes >= 1024 ? Math.floor(bytes / 1024) * 1024 : bytes
}

const isPlain = (value: unknown): value is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof value)

/** The names of a map entry's two fields, in the form's values: `[{ key, value }]`. */
export const MAP_ENTRY = { key: 'key', value: 'value' } as const

/**
 * `oneOf` / `anyOf` read as what a person picks: alternatives that are each one fixed value (`const` or a one-value
 * `enum`) become a choice, labelled by their titles; one alternative beside `null` is that alternative. Anything
 * else is left to the caller (a text field).
 */
function readChoices(node: JsonSchema): JsonSchema | undefined {
  const alternatives = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined
  if (!alternatives || alternatives.length === 0) return undefined
  const options = alternatives.filter(isSchema)
  const notNull = options.filter((option) => option.type !== 'null')
  if (notNull.length === 1 && options.length === alternatives.length) {
    const { oneOf: _one, anyOf: _any, ...rest } = node
    return { ...notNull[0], ...rest }
  }
  const values = options.map((option) =>
    'const' in option ? option.const : Array.isArray(option.enum) && option.enum.length === 1 ? option.enum[0] : undefined,
  )
  if (options.length !== alternatives.length || !values.every(isPlain)) return undefined
  return { ...node, oneOf: undefined, anyOf: undefined, enum: values, 'x-labels': options.map((option, index) => text(option.title) ?? String(values[index])) }
}

export function readField(schema: unknown, key: string, path: readonly string[], required: boolean): FormField {
  const given: JsonSchema = isSchema(schema) ? schema : {}
  const node = readChoices(given) ?? given
  const base: FieldBase = { key, path, label: text(node.title) ?? humanize(key), description: text(node.description), required }
  if ('const' in node) return { ...base, kind: 'const', value: node.const }
  if (Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every(isPlain)) {
    const labels = node['x-labels']
    return { ...base, kind: 'enum', options: node.enum, ...(Array.isArray(labels) ? { optionLabels: labels.map(String) } : {}) }
  }
  switch (typeOf(node)) {
    case 'object': {
      // An object that names no properties but takes them: key/value entries the person adds.
      if (!isSchema(node.properties) && node.additionalProperties !== false) {
        const row = {
          key: '*',
          path: [...path, '*'],
          label: base.label,
          required: true,
          kind: 'object' as const,
          children: [
            { key: MAP_ENTRY.key, path: [...path, '*', MAP_ENTRY.key], label: 'key', required: true, kind: 'text' as const, format: 'text' as const },
            { key: MAP_ENTRY.value, path: [...path, '*', MAP_ENTRY.value], label: 'value', required: false, kind: 'text' as const, format: 'text' as const },
          ],
        }
        return { ...base, kind: 'map', row }
      }
      const properties = isSchema(node.properties) ? node.properties : {}
      const requiredKeys = new Set(Array.isArray(node.required) ? node.required.filter((k): k is string => typeof k === 'string') : [])
      const children = Object.entries(properties).map(([childKey, child]) => readField(child, childKey, [...path, childKey], requiredKeys.has(childKey)))
      return { ...base, kind: 'object', children }
    }
    case 'array': {
      const limits = { minItems: count(node.minItems), maxItems: count(node.maxItems) }
      if (isFileList(node)) {
        const body = Object.values((node.items as JsonSchema).properties as JsonSchema).find((p) => isSchema(p) && p.contentEncoding === 'base64') as JsonSchema
        return { ...base, kind: 'files', maxItems: limits.maxItems, maxBytes: base64LengthToBytes(count(body.maxLength)) }
      }
      // Lists of objects get one group of fields per entry; lists of plain values are not read (yet): text.
      if (!isSchema(node.items) || typeOf(node.items) !== 'object') return { ...base, kind: 'unknown' }
      return { ...base, kind: 'array', ...limits, item: readField(node.items, '*', [...path, '*'], true) }
    }
    case 'string': {
      const format: TextFormat =
        node.format === 'date' ? 'date' : node.format === 'email' ? 'email' : (count(node.maxLength) ?? 0) > TEXTAREA_FROM_LENGTH ? 'textarea' : 'text'
      return { ...base, kind: 'text', format, minLength: count(node.minLength), maxLength: count(node.maxLength), pattern: text(node.pattern) }
    }
    case 'number':
    case 'integer':
      return { ...base, kind: 'number', integer: typeOf(node) === 'integer', minimum: count(node.minimum), maximum: count(node.maximum) }
    case 'boolean':
      return { ...base, kind: 'boolean' }
    default:
      return { ...base, kind: 'unknown' }
  }
}

/**
 * The body's form: the root object of the item's schema, its local references followed. Files go last, after what
 * they document.
 */
export function readFormModel(schema: unknown): FormField & { kind: 'object' } {
  const root = readField(resolveLocalRefs(schema), '', [], true)
  const children = root.kind === 'object' ? root.children : []
  const ordered = [...children.filter((c) => c.kind !== 'files'), ...children.filter((c) => c.kind === 'files')]
  return { key: '', path: [], label: root.label, description: root.description, required: true, kind: 'object', children: ordered }
}

/** The field at a body path (`['properties', 'options', 'vlans', '0', 'label']`), numeric segments matching array items. */
export function fieldAt(model: FormField, path: readonly string[]): FormField | undefined {
  let node: FormField | undefined = model
  for (const segment of path) {
    if (!node) return undefined
    if (node.kind === 'object') node = node.children.find((child) => child.key === segment)
    else if (node.kind === 'array' && /^\d+$/.test(segment)) node = node.item
    else if (node.kind === 'map' && /^\d+$/.test(segment)) node = node.row
    else if (node.kind === 'files' && /^\d+$/.test(segment)) return node
    else return undefined
  }
  return node
}

/** Every field of the tree, depth first, in the form's order. */
export function* walkFields(field: FormField): Generator<FormField> {
  yield field
  if (field.kind === 'object') for (const child of field.children) yield* walkFields(child)
  if (field.kind === 'array') yield* walkFields(field.item)
  if (field.kind === 'map') yield* walkFields(field.row)
}

/** `properties.options.vlans[0].label` → `['properties', 'options', 'vlans', '0', 'label']`. */
export function pathSegments(path: string): string[] {
  return path.split(/\.|\[(\d+)\]/).filter((segment): segment is string => segment !== undefined && segment !== '')
}
