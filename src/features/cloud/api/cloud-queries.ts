import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod/mini'
import { CLOUD_PAGE, ZCloudInstance, ZCloudList, ZCloudProject, ZCloudRegion, type CloudInstance, type CloudProject, type CloudRegion } from '@contract/cloud'
import { gatewayRequest } from '@/lib/api-client'
import { readAllPages, type CountedPage, type PagesProgress } from '@/lib/read-all-pages'
import { reportProgress } from './reading-progress'

/** The gateway's base for the cloud lists (docs/decisions/0018-cloud-lists.md): it adds the API key. */
export const CLOUD_API_BASE = '/api/cloud/v1'

/** One page of a cloud list, parsed with the contract. */
export async function getCloudPage<T extends z.ZodMiniType>(
  path: string,
  item: T,
  page: { limit: number; offset: number; signal?: AbortSignal },
): Promise<CountedPage<z.infer<T>>> {
  const search = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) })
  return (await gatewayRequest(`${CLOUD_API_BASE}${path}?${search}`, ZCloudList(item), { signal: page.signal })).data
}

/** Every item of a cloud list, 1,000 a page (the maximum), cancellable, with progress. */
export function readCloudList<T extends z.ZodMiniType>(
  path: string,
  item: T,
  options: { signal?: AbortSignal; onProgress?: (progress: PagesProgress) => void; limit?: number } = {},
): Promise<CountedPage<z.infer<T>>> {
  return readAllPages((page) => getCloudPage(path, item, page), { limit: options.limit ?? CLOUD_PAGE.maxLimit, ...options })
}

/** Reads the whole list for a query, telling the page how far it has come. */
function readForQuery<T extends z.ZodMiniType>(queryKey: readonly unknown[], path: string, item: T, signal: AbortSignal) {
  reportProgress(queryKey, null)
  return readCloudList(path, item, { signal, onProgress: (progress) => reportProgress(queryKey, progress) }).finally(() => reportProgress(queryKey, null))
}

export const cloudQueries = {
  regions: () => {
    const queryKey = ['cloud', 'regions'] as const
    return queryOptions<CountedPage<CloudRegion>>({
      queryKey,
      queryFn: ({ signal }) => readForQuery(queryKey, '/regions', ZCloudRegion, signal),
      staleTime: 5 * 60_000,
    })
  },
  projects: () => {
    const queryKey = ['cloud', 'projects'] as const
    return queryOptions<CountedPage<CloudProject>>({
      queryKey,
      queryFn: ({ signal }) => readForQuery(queryKey, '/projects', ZCloudProject, signal),
      staleTime: 5 * 60_000,
    })
  },
  instances: (projectId: number, regionId: number) => {
    const queryKey = ['cloud', 'instances', projectId, regionId] as const
    return queryOptions<CountedPage<CloudInstance>>({
      queryKey,
      queryFn: ({ signal }) => readForQuery(queryKey, `/instances/${projectId}/${regionId}`, ZCloudInstance, signal),
    })
  },
}
