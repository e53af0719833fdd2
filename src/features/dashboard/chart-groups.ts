import type { TFunction } from '@/i18n/translator'
import { codeText } from '@/lib/code-label'
import { toSearchParams, type RequestListSearch } from '@/lib/request-search'
import type { GroupCount } from '@/lib/queries/requests'

/** What the dashboard's charts group by; `status` is the headline, the others the breakdown's choices. */
export const BREAKDOWN_GROUPS = ['type', 'step', 'subStep', 'isOverdue', 'isArchived'] as const
export type BreakdownGroup = (typeof BREAKDOWN_GROUPS)[number]
export type DashboardGroup = 'status' | BreakdownGroup
export const DEFAULT_BREAKDOWN: BreakdownGroup = 'type'

export function parseBreakdown(value: string | null): BreakdownGroup {
  return BREAKDOWN_GROUPS.find((group) => group === value) ?? DEFAULT_BREAKDOWN
}

const asFlag = (key: string) => key === 'true'

/** The view of one bar: the chart's filters, narrowed to the bar's group. Its list total is the bar's count. */
export function searchOfGroup(search: RequestListSearch, groupBy: DashboardGroup, key: string): RequestListSearch {
  const narrowed = { ...search, page: 1 }
  if (groupBy === 'isOverdue' || groupBy === 'isArchived') return { ...narrowed, [groupBy]: asFlag(key) }
  return { ...narrowed, [groupBy]: [key] }
}

/**
 * The groups a chart draws. The API lists every status (step, sub-step, flag) even when a filter rules it
 * out; such a bar would count 0 yet link to a list that is not empty, so it is left out.
 */
export function groupsInView(search: RequestListSearch, groupBy: DashboardGroup, groups: readonly GroupCount[]): GroupCount[] {
  const allowed = (key: string) => {
    if (groupBy === 'isOverdue' || groupBy === 'isArchived') return search[groupBy] === undefined || search[groupBy] === asFlag(key)
    const filter: readonly string[] = search[groupBy]
    return filter.length === 0 || filter.includes(key)
  }
  const kept = groups.filter((group) => allowed(group.key))
  // Types have no natural order: the largest first. The others keep the API's (lifecycle) order.
  return groupBy === 'type' ? kept.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)) : kept
}

/** The requests list showing exactly a view's requests. */
export function listHref(search: RequestListSearch): string {
  const params = toSearchParams({ ...search, page: 1 }).toString()
  return params ? `/requests?${params}` : '/requests'
}

/** A group's name in the person's language; a type by its catalog name (a label made from its code when the catalog does not know it). */
export function groupLabel(t: TFunction, groupBy: DashboardGroup, key: string, typeName: (type: string) => string): string {
  switch (groupBy) {
    case 'type':
      return typeName(key)
    case 'isOverdue':
    case 'isArchived':
      return t(`dashboard.flag.${groupBy}.${key}`)
    default:
      return codeText(t, 'dashboard', groupBy, key)
  }
}
