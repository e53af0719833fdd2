import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { catalogItemTitle } from '@contract/catalog'
import { requestKindOf } from '../item-kind'

/** What can be ordered from scratch (the catalog's creations), each opening its form; the rest is in the catalog. */
export function CreationItems() {
  const { t } = useTranslation()
  const items = useQuery(catalogQueries.all(currentLanguage()))
  if (items.isPending) return <p role="status">{t('createRequest.catalog.loading')}</p>
  if (items.isError) return <ErrorMessage error={items.error} onRetry={() => void items.refetch()} />
  return (
    <>
      <p>{t('createRequest.newRequest.intro')}</p>
      <ul className="catalog-list">
        {items.data
          .filter((item) => requestKindOf(item) === 'creation')
          .map((item) => (
            <li key={item.id} className="card">
              <Link to={`/requests/new?${new URLSearchParams({ item: item.id })}`}>{catalogItemTitle(item)}</Link>
              {item.description && <p>{item.description}</p>}
            </li>
          ))}
      </ul>
      <p>
        <Link to="/catalog">{t('createRequest.newRequest.allItems')}</Link>
      </p>
    </>
  )
}
