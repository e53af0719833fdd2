import { z } from 'zod/mini'
import { transformed } from './schema-helpers'

/**
 * The cloud resource interface's lists (reference 3, second half; docs/decisions/0018-cloud-lists.md):
 * every list takes `limit` and `offset` and answers `{ count, results }`.
 */
export const CLOUD_PAGE = { defaultLimit: 1000, maxLimit: 1000 } as const

/** The header scheme of the cloud interface: `Authorization: APIKey <key>`. */
export const CLOUD_AUTH_SCHEME = 'APIKey'

function integerParam(min: number, max?: number) {
  const number = z.int().check(z.minimum(min))
  return z.pipe(
    transformed(z.string().check(z.regex(/^-?[0-9]+$/, { error: 'format.integer' })), Number),
    max === undefined ? number : number.check(z.maximum(max)),
  )
}

/** Query of every cloud list: `limit` 1–1000 (default 1000), `offset` ≥ 0 (default 0); nothing else. */
export const ZCloudListQuery = z.strictObject({
  limit: z.optional(integerParam(1, CLOUD_PAGE.maxLimit)),
  offset: z.optional(integerParam(0)),
})

/** `{ count, results }`: `count` is every matching item across all pages, `results` this page's (at most `limit`). */
export function ZCloudList<T extends z.ZodMiniType>(item: T) {
  return z.object({ count: z.int().check(z.nonnegative()), results: z.array(item) })
}
export type CloudList<T> = { count: number; results: T[] }

export const ZCloudRegion = z.object({
  id: z.int(),
  display_name: z.string(),
})
export type CloudRegion = z.infer<typeof ZCloudRegion>

/** A project of the API key's customer (GET /cloud/v1/projects, this project's addition, 0018). */
export const ZCloudProject = z.object({
  id: z.int(),
  name: z.string(),
})
export type CloudProject = z.infer<typeof ZCloudProject>

export const CLOUD_INSTANCE_STATUSES = ['ACTIVE', 'SHUTOFF', 'BUILD', 'ERROR'] as const

/** An instance; fields other than these are not shown by the reference and are tolerated (not kept) when present. */
export const ZCloudInstance = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  flavor: z.string(),
  project_id: z.int(),
  region_id: z.int(),
  created_at: z.string(),
})
export type CloudInstance = z.infer<typeof ZCloudInstance>

export const ZCloudRegionList = ZCloudList(ZCloudRegion)
export const ZCloudProjectList = ZCloudList(ZCloudProject)
export const ZCloudInstanceList = ZCloudList(ZCloudInstance)
