import { RE2JS } from 're2js'
import { z } from 'zod'
import { extractPatterns, patternRefinement } from '@contract/catalog-patterns'

/**
 * A catalog item's published JSON Schema as a zod schema, its patterns run by RE2 in linear time
 * (docs/decisions/0020-hostile-input-and-faults.md); throws when it cannot be enforced so.
 */
export function fromCatalogSchema(schema: unknown): z.ZodType {
  const { stripped, checks } = extractPatterns(schema, (source) => RE2JS.compile(source))
  const base = z.fromJSONSchema(stripped as z.core.JSONSchema.JSONSchema)
  // `when`: beside other fields' problems, as zod checks its own patterns, not only once the rest is valid.
  return checks.length === 0 ? base : base.check(z.superRefine(patternRefinement(checks), { when: () => true }))
}
