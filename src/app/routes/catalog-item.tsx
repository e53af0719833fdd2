import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { CatalogItemPage } from '@/features/create-request/components/catalog-item-page'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import type { RouteModule } from '../route-loaders'

/** `/catalog/:id`: the item, and its form's entry for people who may create (none while their scope is unknown). */
function CatalogItemRoute() {
  const { id = '' } = useParams()
  const me = useQuery(meQueries.me())
  return <CatalogItemPage key={id} id={id} canCreate={me.isSuccess && canCreate(me.data)} />
}

export const route: RouteModule = {
  Component: CatalogItemRoute,
  startData: ({ params }, start) => {
    if (params.id) start(catalogQueries.detail(params.id, currentLanguage()))
    start(meQueries.me())
  },
}
