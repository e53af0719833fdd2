import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'

/** The way to "Order from a spreadsheet" from the catalog and an item's page (with its template ready to download). */
export function BulkOrderLink({ itemId }: { itemId?: string }) {
  const { t } = useTranslation()
  return (
    <p className="bulk-order-link">
      <Link to={itemId ? `/bulk-order?${new URLSearchParams({ item: itemId })}` : '/bulk-order'}>
        {itemId ? t('bulkOrder.link.item') : t('bulkOrder.link.catalog')}
      </Link>
    </p>
  )
}
