/**
 * The `pattern`s of a catalog item's published JSON Schema, taken out so that the server and the browser run them
 * with RE2 (re2js), a linear-time engine, instead of the JavaScript RegExp that `z.fromJSONSchema` would build: a
 * pattern such as `^(a+)+$` can then not make one value block a server or a browser tab for seconds
 * (docs/decisions/0020-hostile-input-and-faults.md). Patterns are taken where catalog items put them: on a value
 * reached through `properties` and `items`. Elsewhere (`anyOf`, `$defs`, `patternProperties`…) a pattern is refused,
 * like one RE2 cannot compile: `CatalogSchemaError`. Nothing here imports an engine: the caller gives `compile`.
 */
export class CatalogSchemaError extends Error {}

/** A compiled linear-time pattern: true when it matches any part of `text` (JSON Schema patterns are unanchored). */
export interface LinearPattern {
  test(text: string): boolean
}

export interface PatternCheck {
  /** Where the value is: property names, and '*' for every item of an array. */
  path: (string | '*')[]
  source: string
  regex: LinearPattern
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether `value` holds a `pattern` or `patternProperties` keyword anywhere; walked without recursion. */
function holdsPattern(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) stack.push(...node)
    else if (isObject(node)) {
      if (typeof node.pattern === 'string' || node.patternProperties !== undefined) return true
      stack.push(...Object.values(node))
    }
  }
  return false
}

/**
 * The schema without its patterns, and the patterns compiled with `compile` (which throws on a pattern it cannot
 * run); walked without recursion.
 */
export function extractPatterns(schema: unknown, compile: (source: string) => LinearPattern): { stripped: unknown; checks: PatternCheck[] } {
  if (!isObject(schema)) return { stripped: schema, checks: [] }
  const checks: PatternCheck[] = []
  const root: Json = { ...schema }
  const stack: { node: Json; path: (string | '*')[] }[] = [{ node: root, path: [] }]
  while (stack.length > 0) {
    const { node, path } = stack.pop()!
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === 'pattern' && typeof value === 'string') {
        let regex: LinearPattern
        try {
          regex = compile(value)
        } catch (error) {
          throw new CatalogSchemaError(`the pattern ${value} at ${path.join('.') || 'the root'} cannot run in linear time: ${(error as Error).message}`)
        }
        checks.push({ path, source: value, regex })
        delete node.pattern
      } else if (keyword === 'properties' && isObject(value)) {
        const properties: Json = {}
        for (const [name, child] of Object.entries(value)) {
          properties[name] = isObject(child) ? { ...child } : child
          if (isObject(child)) stack.push({ node: properties[name] as Json, path: [...path, name] })
        }
        node.properties = properties
      } else if (keyword === 'items' && isObject(value)) {
        node.items = { ...value }
        stack.push({ node: node.items as Json, path: [...path, '*'] })
      } else if (keyword === 'patternProperties' || holdsPattern(value)) {
        throw new CatalogSchemaError(`${keyword} holds a pattern: patterns are accepted on values under properties and items only`)
      }
    }
  }
  return { stripped: root, checks }
}

/** Every value at `path` in `value`, with its concrete path; walked without recursion. */
function valuesAt(value: unknown, path: (string | '*')[]): { at: (string | number)[]; value: unknown }[] {
  let found: { at: (string | number)[]; value: unknown }[] = [{ at: [], value }]
  for (const step of path) {
    const next: typeof found = []
    for (const { at, value: current } of found) {
      if (step === '*') {
        if (Array.isArray(current)) current.forEach((item, index) => next.push({ at: [...at, index], value: item }))
      } else if (isObject(current) && Object.hasOwn(current, step)) {
        next.push({ at: [...at, step], value: current[step] })
      }
    }
    found = next
  }
  return found
}

/** What a zod refinement gives to report a problem (zod's `ctx` of `superRefine`). */
interface IssueSink {
  addIssue(issue: { code: 'invalid_format'; format: 'regex'; pattern: string; path: (string | number)[]; input: string; message: string }): void
}

/**
 * The refinement that checks `checks` on a body, reporting each mismatch as zod reports a failed `pattern`
 * (`invalid_format`, format `regex`), so that messages and forms treat both alike.
 */
export function patternRefinement(checks: readonly PatternCheck[]): (value: unknown, ctx: IssueSink) => void {
  return (value, ctx) => {
    for (const check of checks) {
      for (const { at, value: text } of valuesAt(value, check.path)) {
        if (typeof text !== 'string' || check.regex.test(text)) continue
        ctx.addIssue({
          code: 'invalid_format',
          format: 'regex',
          pattern: check.source,
          path: at,
          input: text,
          message: `Invalid string: must match pattern ${check.source}`,
        })
      }
    }
  }
}
