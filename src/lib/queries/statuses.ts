import { REQUEST_STATUSES } from '@contract/request'
import type { OperatorTraits } from '@contract/operator-profile'
import { EMPTY_SEARCH } from '@/lib/request-search'
import { requestQueries, type Aggregate } from './requests'
import { DEFAULT_TRAITS, isOpenStatus } from './operator'

/**
 * The statuses that exist (docs/decisions/0028-tolerant-reader.md): the operator's, read from the aggregate of every
 * request grouped by status (the dashboard's own call when it has no filter). Until it answers, the known ones.
 */
export const existingStatusesQuery = () => requestQueries.aggregate(EMPTY_SEARCH, 'status')

/** The statuses a status filter offers: those that exist, and any already chosen (a link may name one). */
export function statusOptions(existing: Aggregate | undefined, chosen: readonly string[] = []): string[] {
  const statuses = existing && existing.groups.length > 0 ? existing.groups.map((group) => group.key) : [...REQUEST_STATUSES]
  return [...statuses, ...chosen.filter((status) => !statuses.includes(status))]
}

/**
 * "Open" as a query: the API filters by listed statuses, so it is the statuses that exist but the ones the operator
 * names as closed (NEW and IN_PROGRESS with the default profile and before the aggregate answers).
 */
export function openStatuses(existing: Aggregate | undefined, traits: Pick<OperatorTraits, 'closedStatuses'> | undefined): string[] {
  return statusOptions(existing).filter((status) => isOpenStatus(status, traits ?? DEFAULT_TRAITS))
}
