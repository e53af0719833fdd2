import { CatalogPage } from '@/features/create-request/components/catalog-page'

/** `/catalog`: every signed-in person may read it; only those who may create get into the forms. */
export function CatalogRoute() {
  return <CatalogPage />
}
