import { z } from 'zod/mini'

/*
 * The contract is written with zod/mini (functions rather than methods, so that the SPA's first page bundles only
 * the parts of zod it uses). These helpers keep two of classic zod's methods readable, with the same schemas.
 */

/**
 * Classic zod's `schema.meta({...})`: a copy of `schema` registered with `metadata` in zod's global registry, which
 * `z.toJSONSchema` reads (titles and descriptions of the OpenAPI document and of the catalog's published schemas).
 * A copy, so that a shared schema (ZIsoDate) can be described differently where it is used; the copy inherits the
 * metadata of the schema it was made from.
 */
export function withMeta<T extends z.ZodMiniType>(schema: T, metadata: z.core.GlobalMeta): T {
  const copy = schema.clone()
  z.globalRegistry.add(copy, metadata)
  return copy
}

/** Classic zod's `schema.transform(fn)`: `schema`, then `fn` on its output. */
export function transformed<T extends z.ZodMiniType, Out>(schema: T, fn: (value: z.output<T>) => Out) {
  return z.pipe(schema, z.transform(fn))
}
