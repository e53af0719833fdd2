import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { catalogItemTitle, type CatalogItem } from '@contract/catalog'
import type { Request } from '@contract/request'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { typeNamer } from '@/lib/catalog-names'
import { requestQueries } from '@/lib/queries/requests'
import { itemsFor, type RequestAction } from '../choose-item'
import { requestKindOf } from '../item-kind'
import { schemaFormOf } from '../schema/item-form'
import { draftKey } from '../drafts'
import { RequestForm } from './request-form'
import './create-request.css'

export interface CreateRequestPageProps {
  /** The catalog item chosen (`?item=`). */
  itemId?: string
  /** Started from an existing request (`?action=…&from=…`). */
  action?: RequestAction
  from?: string
  userId: string
  contracts: readonly { number: string; name: string }[]
}

/** `/requests/new`: the form of a catalog item, or of the item that fits an action on an existing request. */
export function CreateRequestPage(props: CreateRequestPageProps) {
  if (props.action && props.from) return <FromRequest {...props} action={props.action} from={props.from} />
  return <FromItem {...props} itemId={props.itemId ?? ''} />
}

function FromItem({ itemId, userId, contracts }: CreateRequestPageProps & { itemId: string }) {
  const { t } = useTranslation()
  const item = useQuery(catalogQueries.detail(itemId, currentLanguage()))
  if (item.isPending) return <p role="status">{t('createRequest.page.loading')}</p>
  if (item.isError) return <ErrorMessage error={item.error} onRetry={() => void item.refetch()} />
  return <FormPage item={item.data} userId={userId} contracts={contracts} />
}

function FromRequest({ action, from, itemId, userId, contracts }: CreateRequestPageProps & { action: RequestAction; from: string }) {
  const { t } = useTranslation()
  const source = useQuery(requestQueries.detail(from))
  const items = useQuery(catalogQueries.all(currentLanguage()))
  if (source.isPending || items.isPending) return <p role="status">{t('createRequest.page.loading')}</p>
  if (source.isError) {
    return (
      <>
        <h1>{t('createRequest.catalog.title')}</h1>
        <p>{t('createRequest.page.sourceMissing', { id: from })}</p>
        <ErrorMessage error={source.error} onRetry={() => void source.refetch()} />
      </>
    )
  }
  if (items.isError) return <ErrorMessage error={items.error} onRetry={() => void items.refetch()} />
  const candidates = itemsFor(action, source.data, items.data)
  const verb = t(`createRequest.page.actionVerb.${action}`)
  const chosen = candidates.find((item) => item.id === itemId) ?? (candidates.length === 1 ? candidates[0] : undefined)
  if (chosen) return <FormPage item={chosen} userId={userId} contracts={contracts} action={action} source={source.data} />
  if (candidates.length === 0) {
    return (
      <>
        <h1>{t('createRequest.catalog.title')}</h1>
        <p>{t('createRequest.page.noItem', { action: verb, id: from, type: typeNamer(items.data)(source.data.type) })}</p>
        <p>
          <Link to={`/requests/${encodeURIComponent(from)}`}>{from}</Link>
        </p>
      </>
    )
  }
  return (
    <>
      <h1>{t('createRequest.page.chooseTitle')}</h1>
      <p>{t('createRequest.page.choose', { action: verb, id: from })}</p>
      <ul className="catalog-list">
        {candidates.map((item) => (
          <li key={item.id} className="card">
            <Link to={`/requests/new?${new URLSearchParams({ action, from, item: item.id })}`}>{catalogItemTitle(item)}</Link>
            {item.description && <p>{item.description}</p>}
          </li>
        ))}
      </ul>
    </>
  )
}

function FormPage({
  item,
  userId,
  contracts,
  action,
  source,
}: {
  item: CatalogItem
  userId: string
  contracts: CreateRequestPageProps['contracts']
  action?: RequestAction
  source?: Request
}) {
  const { t } = useTranslation()
  const key = draftKey({ userId, itemId: item.id, action, from: source?.id })
  const title = catalogItemTitle(item)
  return (
    <div className="create-request">
      {/* Says where it leads, never the heading's own words again (docs/decisions/0033-layout-at-every-width.md). */}
      <p className="create-request__back">
        {source ? (
          <Link to={`/requests/${encodeURIComponent(source.id)}`}>{t('createRequest.page.backToRequest', { id: source.id })}</Link>
        ) : (
          <Link to="/catalog">{t('createRequest.item.back')}</Link>
        )}
      </p>
      <h1>{t('createRequest.page.title', { name: title })}</h1>
      {item.description && <p>{item.description}</p>}
      {!schemaFormOf(item) && <p className="card">{t(`createRequest.generic.intro.${requestKindOf(item)}`)}</p>}
      {action && source && (
        <p className="card">
          {t(`createRequest.page.startsFrom.${action}`, { id: source.id, reference: source.customerReference ?? '' })}{' '}
          <Link to={`/requests/${encodeURIComponent(source.id)}`}>{source.id}</Link>
        </p>
      )}
      <RequestForm key={key} draftKey={key} item={item} userId={userId} action={action} source={source} contracts={contracts} />
    </div>
  )
}
