import { z } from 'zod/mini'
import { withMeta } from './schema-helpers'
import { ZIsoTimestamp } from './common'
import { ZRequestCategory } from './request'
import { ZRequestBodyVariant } from './request-body-variant'
import { readableCode } from './code-label'

/**
 * A catalog item as our sandbox publishes it (reference 1 does not show its fields; docs/decisions/0006-catalog-items.md):
 * one per request type, naming the body variant it takes and publishing the JSON Schema (2020-12) of that body. The
 * sandbox and its tests check its own answers with this exact shape; an operator's answers are read with `ZCatalogItem`.
 */
export const ZSandboxCatalogItem = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  description: z.string(),
  category: ZRequestCategory,
  variant: ZRequestBodyVariant,
  schema: withMeta(z.record(z.string(), z.unknown()), { description: 'JSON Schema (2020-12) of the POST /requests body.' }),
  /**
   * Request types a modification or cancellation may target, or whose service point a termination may end;
   * empty: any (docs/decisions/0014-creation-forms.md). Optional: an operator may not publish it.
   */
  actsOn: z.optional(z.array(z.string())),
  createdAt: ZIsoTimestamp,
})
export type SandboxCatalogItem = z.infer<typeof ZSandboxCatalogItem>

/** A text the item may give; anything else (a number, an object) is as if not given, never a failed item. */
const lenientText = z.catch(z.optional(z.string()), undefined)

/**
 * A catalog item as any operator may publish it, read tolerantly (docs/decisions/0030-forms-for-any-catalog.md,
 * STYLE.md "the tolerant reader"): only `id` is required, because nothing can be ordered or linked without it; every
 * other field is optional, and one the reader cannot use is dropped, not fatal. `category` and `variant` are open
 * strings, `createdAt` any text (an ISO 8601 time with or without `Z`), `schema` any JSON object; unknown fields are
 * kept. The forms decide what they can build from what was read (src/features/create-request/schema/item-form.ts).
 */
export const ZCatalogItem = z.looseObject({
  id: z.union([z.string().check(z.minLength(1)), z.pipe(z.number(), z.transform(String))]),
  type: lenientText,
  name: lenientText,
  description: lenientText,
  category: lenientText,
  variant: lenientText,
  schema: z.catch(z.optional(z.record(z.string(), z.unknown())), undefined),
  actsOn: z.catch(
    z.optional(
      z.pipe(
        z.array(z.unknown()),
        z.transform((types) => types.filter((type): type is string => typeof type === 'string')),
      ),
    ),
    undefined,
  ),
  createdAt: lenientText,
})
export type CatalogItem = z.infer<typeof ZCatalogItem>

/**
 * How a catalog item is listed: its name, else a label made from its type (never the code itself, 0025), else its id
 * (docs/decisions/0030-forms-for-any-catalog.md).
 */
export function catalogItemTitle(item: Pick<CatalogItem, 'id' | 'name' | 'type'>): string {
  const type = item.type?.trim()
  return item.name?.trim() || (type ? readableCode(type) : '') || item.id
}
