/**
 * A catalog item's JSON Schema with its local references followed and its `allOf` merged, so that what reads it
 * (the forms' model, `z.fromJSONSchema` after `extractPatterns`) sees one plain tree of `properties` and `items`
 * (docs/decisions/0030-forms-for-any-catalog.md). Followed: `$ref` to `#`, `#/$defs/…`, `#/definitions/…` or any
 * JSON pointer inside the document, with the keywords beside the `$ref` kept; `allOf` merged (properties joined,
 * `required` united, the first value of any other keyword kept). A reference outside the document, one that
 * points nowhere, and a cycle become `{}` (any value) with their title kept: the reader types them as text, never
 * fails. The walk is bounded (depth and nodes), so a hostile document cannot make it run long.
 */
type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const SCHEMA_RESOLVE_LIMITS = { maxDepth: 48, maxNodes: 5_000 } as const

/** Keywords whose value is one schema, a list of schemas, or a map of schemas, walked in place. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames'] as const
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'prefixItems'] as const
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas'] as const

/** `#/$defs/Address` → the value at that pointer of `root`, or undefined. */
function pointerTarget(root: unknown, ref: string): unknown {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)]
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key]
    else return undefined
  }
  return node
}

/** Two resolved schemas as one: what `allOf` means for a form (both sets of fields, both sets of rules). */
function merge(target: Json, part: Json): Json {
  const merged: Json = { ...target }
  for (const [keyword, value] of Object.entries(part)) {
    if (keyword === 'properties' && isObject(value)) {
      const properties: Json = isObject(merged.properties) ? { ...merged.properties } : {}
      for (const [name, child] of Object.entries(value)) {
        properties[name] = isObject(properties[name]) && isObject(child) ? merge(properties[name] as Json, child) : (properties[name] ?? child)
      }
      merged.properties = properties
    } else if (keyword === 'required' && Array.isArray(value)) {
      merged.required = [...new Set([...(Array.isArray(merged.required) ? merged.required : []), ...value])]
    } else if (!(keyword in merged)) {
      merged[keyword] = value
    }
  }
  return merged
}

/**
 * The schema with local `$ref`s followed and `allOf` merged; `$defs` and `definitions` dropped once followed.
 * Anything that is not an object (a boolean schema, nothing) comes back as it is.
 */
export function resolveLocalRefs(schema: unknown): unknown {
  if (!isObject(schema)) return schema
  let nodes = 0

  const resolve = (node: unknown, depth: number, followed: readonly string[]): unknown => {
    if (!isObject(node)) return node
    if (++nodes > SCHEMA_RESOLVE_LIMITS.maxNodes || depth > SCHEMA_RESOLVE_LIMITS.maxDepth) return keepWords(node)
    let current: Json = { ...node }
    delete current.$defs
    delete current.definitions

    if (typeof current.$ref === 'string') {
      const ref = current.$ref
      delete current.$ref
      const target = followed.includes(ref) ? undefined : pointerTarget(schema, ref)
      // A cycle, a reference outside the document or to nothing: any value, said with the words it has.
      const resolved = isObject(target) ? resolve(target, depth + 1, [...followed, ref]) : {}
      current = merge(resolveKeywords(current, depth, followed), isObject(resolved) ? resolved : {})
      return current
    }
    return resolveKeywords(current, depth, followed)
  }

  const resolveKeywords = (node: Json, depth: number, followed: readonly string[]): Json => {
    let result: Json = { ...node }
    const allOf = result.allOf
    delete result.allOf
    for (const keyword of ONE_SCHEMA) if (isObject(result[keyword])) result[keyword] = resolve(result[keyword], depth + 1, followed)
    for (const keyword of SCHEMA_LISTS) {
      const list = result[keyword]
      if (Array.isArray(list)) result[keyword] = list.map((child) => resolve(child, depth + 1, followed))
    }
    for (const keyword of SCHEMA_MAPS) {
      const map = result[keyword]
      if (isObject(map)) result[keyword] = Object.fromEntries(Object.entries(map).map(([key, child]) => [key, resolve(child, depth + 1, followed)]))
    }
    if (Array.isArray(allOf)) {
      for (const part of allOf) {
        const resolved = resolve(part, depth + 1, followed)
        if (isObject(resolved)) result = merge(result, resolved)
      }
    }
    return result
  }

  return resolve(schema, 0, [])
}

/** A node past the walk's bounds: its words only, so that it reads as one text field. */
function keepWords(node: Json): Json {
  const words: Json = {}
  for (const keyword of ['title', 'description'] as const) if (typeof node[keyword] === 'string') words[keyword] = node[keyword]
  return words
}
