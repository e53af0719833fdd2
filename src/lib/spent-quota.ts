import { useSyncExternalStore } from 'react'
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { ApiError, isQuotaSpent } from './api-error'

/**
 * The application's spent quota as the page last heard of it (docs/decisions/0032-application-quota.md): set by any
 * call refused with 403 code 53 naming the quota, a query's, a mutation's or a whole-list read's, and cleared by the
 * next call that succeeds. One per query client; the page-wide banner reads it.
 */
interface SpentQuota {
  error: ApiError | null
  listeners: Set<() => void>
}

const states = new WeakMap<QueryClient, SpentQuota>()

function stateOf(client: QueryClient): SpentQuota {
  let state = states.get(client)
  if (!state) states.set(client, (state = { error: null, listeners: new Set() }))
  return state
}

function set(client: QueryClient, error: ApiError | null): void {
  const state = stateOf(client)
  if (state.error === error) return
  state.error = error
  for (const listener of state.listeners) listener()
}

/**
 * The reads that never count against an API's quota, whose success says nothing of it: the API's status and version,
 * and the gateway's own answers (the operator's traits, the session), which never reach the operator.
 */
const UNCOUNTED_ROOTS: readonly unknown[] = ['api', 'operator', 'auth']
const isUncounted = (key: QueryKey) => UNCOUNTED_ROOTS.includes(key[0])

/** What a call's outcome says of the quota: a refusal naming it sets it, a success clears it. */
export function noteQuotaOutcome(client: QueryClient, outcome: { error: unknown } | { success: true }): void {
  if ('success' in outcome) set(client, null)
  else if (outcome.error instanceof ApiError && isQuotaSpent(outcome.error)) set(client, outcome.error)
}

/** Follows every query and mutation of the client; made once with it. */
export function watchSpentQuota(client: QueryClient): () => void {
  const queries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || isUncounted(event.query.queryKey)) return
    if (event.action.type === 'error') noteQuotaOutcome(client, { error: event.action.error })
    else if (event.action.type === 'success' && !event.action.manual) noteQuotaOutcome(client, { success: true })
  })
  const mutations = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return
    if (event.action.type === 'error') noteQuotaOutcome(client, { error: event.action.error })
    else if (event.action.type === 'success') noteQuotaOutcome(client, { success: true })
  })
  return () => {
    queries()
    mutations()
  }
}

/** The spent quota's refusal as the client last heard, else null. */
export function spentQuotaOf(client: QueryClient): ApiError | null {
  return stateOf(client).error
}

/** The spent quota's refusal while it lasts, else null. */
export function useSpentQuota(): ApiError | null {
  const state = stateOf(useQueryClient())
  return useSyncExternalStore(
    (onChange) => {
      state.listeners.add(onChange)
      return () => state.listeners.delete(onChange)
    },
    () => state.error,
    () => state.error,
  )
}

/** A refetch interval that stops while the query's last answer is a spent quota: nothing calls again by itself (0032). */
export function unlessQuotaSpent<Q extends { state: { error: unknown } }>(interval: number | false | ((query: Q) => number | false | undefined)) {
  return (query: Q): number | false | undefined => (isQuotaSpent(query.state.error) ? false : typeof interval === 'function' ? interval(query) : interval)
}
