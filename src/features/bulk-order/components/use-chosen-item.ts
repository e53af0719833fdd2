import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { CatalogItem } from '@contract/catalog'
import { isUnreadable } from '@contract/tolerant'
import type { TFunction } from '@/i18n/translator'
import { catalogQueries } from '@/lib/queries/catalog'
import { sheetOf } from '../sheet-columns'
import type { BulkOrderTools } from '../tools'

/**
 * The item chosen for the batch (docs/decisions/0035-bulk-order.md): the catalog's creation items, the chosen one's
 * form, and the sheet's columns, or why the item is ordered with the form instead.
 */
export function useChosenItem(tools: BulkOrderTools, itemId: string, language: string, t: TFunction) {
  const catalog = useQuery(catalogQueries.all(language))
  const items = useMemo(() => (catalog.data ?? []).filter((item): item is CatalogItem => !isUnreadable(item) && item.category === 'creation'), [catalog.data])
  const item = items.find((candidate) => candidate.id === itemId)
  const itemForm = useMemo(() => (item ? tools.formOf(item, t) : undefined), [item, tools, t])
  const sheet = useMemo(() => (itemForm ? sheetOf(itemForm.model) : undefined), [itemForm])
  // An item whose form the console cannot build, or which requires what no cell holds, is ordered with the form (0035).
  const blocked = useMemo(() => item && (!sheet ? { reason: 'noForm' as const, header: '' } : sheet.blocked[0]), [item, sheet])
  const columns = useMemo(() => (sheet && !blocked ? sheet.columns : []), [sheet, blocked])
  const files = sheet?.files ?? []
  return { itemId, loading: catalog.isPending, items, item, itemForm, blocked, columns, files }
}

export type ChosenItem = ReturnType<typeof useChosenItem>
