import { queryOptions } from '@tanstack/react-query'
import type { RequestField } from '@contract/request'
import { requestQueries } from '@/lib/queries/requests'
import type { RequestListSearch } from '@/lib/request-search'
import { WATCHED_FIGURES } from './aggregate-requests'

const FIRST_FIELDS: RequestField[] = ['id', 'name', 'type', 'status', 'step', 'subStep', 'keyDates', 'updatedAt']

export const dashboardRequestQueries = {
  /** The first page of a view, in its sort (the latest changes; the latest overdue request first), watched like the figures. */
  first: (search: RequestListSearch) => queryOptions({ ...requestQueries.list({ ...search, page: 1, size: 20 }, FIRST_FIELDS), ...WATCHED_FIGURES }),
}
