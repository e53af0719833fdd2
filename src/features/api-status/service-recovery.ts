import { hashKey, type QueryClient } from '@tanstack/react-query'
import { isServiceUnavailable } from '@/lib/api-error'
import { apiStatusQueries } from './api/get-api-status'

/**
 * When /status says the service is back, every query that failed with 503 code 5 runs again, so pages recover
 * by themselves after an outage. A subscription to the cache, made once with the query client.
 */
export function refetchWhenServiceIsBack(client: QueryClient): () => void {
  const statusKey = apiStatusQueries.status().queryKey
  const statusHash = hashKey(statusKey)
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== statusHash) return
    if (client.getQueryData(statusKey)?.status !== 'OK') return
    void client.refetchQueries({ predicate: (query) => isServiceUnavailable(query.state.error) })
  })
}
