/**
 * What an operator sends beyond the fields the console knows, as a readable list of paths and values
 * (docs/decisions/0028-tolerant-reader.md): nested objects and arrays flattened by path (`customer.region`,
 * `links[0].href`), bounded so that a huge answer stays a page.
 */
export interface FlatField {
  path: string
  value: string
}

export interface FlatFields {
  fields: FlatField[]
  /** Values left out past the bound. */
  omitted: number
}

const MAX_FIELDS = 50
const MAX_DEPTH = 5
const MAX_VALUE_LENGTH = 300

function shown(value: unknown): string {
  const text = value === null ? 'null' : typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text
}

/** The fields of `value` but `known` (top-level keys), flattened. */
export function flattenFields(value: unknown, known: readonly string[] = [], maxFields = MAX_FIELDS): FlatFields {
  const fields: FlatField[] = []
  let omitted = 0
  const add = (path: string, item: unknown, depth: number) => {
    if (item === undefined) return
    const isArray = Array.isArray(item)
    if (typeof item === 'object' && item !== null && depth < MAX_DEPTH) {
      const entries = isArray ? item.map((element, index) => [`[${index}]`, element] as const) : Object.entries(item).map(([key, v]) => [`.${key}`, v] as const)
      if (entries.length === 0) {
        if (fields.length < maxFields) fields.push({ path, value: isArray ? '[]' : '{}' })
        else omitted++
        return
      }
      for (const [suffix, element] of entries) add(path + suffix, element, depth + 1)
      return
    }
    if (fields.length < maxFields) fields.push({ path, value: shown(item) })
    else omitted++
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) if (!known.includes(key)) add(key, item, 0)
  }
  return { fields, omitted }
}
