import { z } from 'zod/mini'
import { withMeta } from './schema-helpers'
import { ZIsoTimestamp } from './common'
import { ZRequestCategory } from './request'
import { ZRequestBodyVariant } from './request-body-variant'

/**
 * A catalog item (reference 1 does not show its fields; docs/decisions/0006-catalog-items.md): one per
 * request type, naming the body variant it takes and publishing the JSON Schema (2020-12) of that body.
 */
export const ZCatalogItem = z.object({
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
export type CatalogItem = z.infer<typeof ZCatalogItem>
