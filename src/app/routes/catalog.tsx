import { BulkOrderLink } from '@/features/bulk-order/components/bulk-order-link'
import { CatalogPage } from '@/features/create-request/components/catalog-page'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries, parseCatalogSearch } from '@/lib/queries/catalog'
import { searchParamsOf, type RouteModule } from '../route-loaders'

/** `/catalog`: every signed-in person may read it; only those who may create get into the forms. */
function CatalogRoute() {
  return (
    <>
      <CatalogPage />
      <BulkOrderLink />
    </>
  )
}

export const route: RouteModule = {
  Component: CatalogRoute,
  startData: (args, start) => start(catalogQueries.page(parseCatalogSearch(searchParamsOf(args)), currentLanguage())),
}
