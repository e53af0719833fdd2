import { queryOptions } from '@tanstack/react-query'
import { ZRequest, type Request } from '@contract/request'
import { apiRequest } from '@/lib/api-client'
import { currentLanguage, type Language } from '@/i18n/i18n'
import { isOpen } from '../request-state'

/** How often an open request is read again (docs/decisions/0003: stages move on by the hour, not the second). */
export const REFRESH_INTERVAL_MS = 30_000

/** An open request moves on by itself: read it on an interval and whenever the person comes back to the tab. */
export function refreshPolicyOf(request: Pick<Request, 'status'> | undefined): { interval: number | false; onWindowFocus: boolean | 'always' } {
  return request && isOpen(request) ? { interval: REFRESH_INTERVAL_MS, onWindowFocus: 'always' } : { interval: false, onWindowFocus: true }
}

export async function getRequest(id: string, language: Language, signal?: AbortSignal) {
  return (await apiRequest(`/requests/${encodeURIComponent(id)}`, ZRequest, { signal, headers: { 'Accept-Language': language } })).data
}

/** Query factory of the detail page; the key sits under ['requests'] so that invalidating requests covers it. */
export const requestDetailQueries = {
  detail: (id: string) => {
    // The API localizes rejection messages from Accept-Language: the language is part of what is fetched, so
    // it is part of the key, and switching language fetches the request in the other one. This is the one
    // place that knows; loaders and components only pass the id.
    const language = currentLanguage()
    return queryOptions({
      queryKey: ['requests', 'detail', id, language] as const,
      queryFn: ({ signal }) => getRequest(id, language, signal),
      // While the other language loads, the same request stays on screen; another request's data never does.
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
      refetchInterval: (query) => refreshPolicyOf(query.state.data).interval,
      refetchOnWindowFocus: (query) => refreshPolicyOf(query.state.data).onWindowFocus,
    })
  },
}
