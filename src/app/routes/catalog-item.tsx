import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { BulkOrderLink } from '@/features/bulk-order/components/bulk-order-link'
import { CatalogItemPage } from '@/features/create-request/components/catalog-item-page'
import { scopesOf } from '@/features/create-request/me-reading'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import type { RouteModule } from '../route-loaders'

/**
 * `/catalog/:id`: the item, and its form's entry unless /me lists the person's scopes without the right to create
 * (the form never waits on /me: docs/decisions/0030-forms-for-any-catalog.md).
 */
function CatalogItemRoute() {
  const { id = '' } = useParams()
  const me = useQuery(meQueries.me())
  const scopes = me.isSuccess ? scopesOf(me.data) : undefined
  return (
    <>
      <CatalogItemPage key={id} id={id} canCreate={!scopes || canCreate({ scopes })} />
      <BulkOrderLink itemId={id} />
    </>
  )
}

export const route: RouteModule = {
  Component: CatalogItemRoute,
  startData: ({ params }, start) => {
    if (params.id) start(catalogQueries.detail(params.id, currentLanguage()))
    start(meQueries.me())
  },
}
