import { presetRange, localDay, type RequestListSearch } from '@/lib/request-search'
import { openStatuses } from '@/lib/queries/statuses'
import { overdueFilters } from '@contract/overdue'

/**
 * The four figures the dashboard leads with. Each is a view of the list (the dashboard's filters, narrowed), so its
 * figure is the total of the aggregate call with the same filters, and its link opens the list with the same total
 * (docs/decisions/0013). Dates are the person's days: "this month" is their calendar's.
 */
export const KEY_FIGURES = ['open', 'overdue', 'rejected30', 'completedThisMonth'] as const
export type KeyFigure = (typeof KEY_FIGURES)[number]

/**
 * `open`: the statuses that exist but the closed ones; `overdue`: those of them the API marks overdue (contract/overdue.ts) (src/lib/queries/statuses.ts; NEW and IN_PROGRESS until the
 * aggregate and the operator's traits answer, docs/decisions/0028-tolerant-reader.md).
 */
export function searchOfFigure(
  figure: KeyFigure,
  search: RequestListSearch,
  now: Date = new Date(),
  open: readonly string[] = openStatuses(undefined, undefined),
): RequestListSearch {
  const base = { ...search, page: 1 }
  switch (figure) {
    case 'open':
      return { ...base, status: [...open] }
    case 'overdue':
      return { ...base, ...overdueFilters(open) }
    case 'rejected30':
      // The rejection is the request's last change: its update date is the day it was rejected.
      return { ...base, status: ['REJECTED'], updatedFrom: presetRange('last30', now).from, updatedTo: undefined, sort: '-updatedAt' }
    case 'completedThisMonth':
      return { ...base, status: ['COMPLETED'], updatedFrom: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), updatedTo: undefined, sort: '-updatedAt' }
  }
}
