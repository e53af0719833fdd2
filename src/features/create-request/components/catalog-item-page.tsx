import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import { ApiError } from '@/lib/api-error'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { readFormModel } from '../schema/form-model'
import './create-request.css'

/** `/catalog/:id`: what an item is, what its form asks (read from its schema), and the way into the form. */
export function CatalogItemPage({ id, canCreate }: { id: string; canCreate: boolean }) {
  const { t } = useTranslation()
  const item = useQuery(catalogQueries.detail(id, currentLanguage()))
  if (item.isPending) return <p role="status">{t('createRequest.item.loading')}</p>
  if (item.isError) {
    return (
      <>
        <p>
          <Link to="/catalog">{t('createRequest.item.back')}</Link>
        </p>
        {item.error instanceof ApiError && item.error.status === 404 ? (
          <h1>{t('createRequest.item.notFound', { id })}</h1>
        ) : (
          <ErrorMessage error={item.error} onRetry={() => void item.refetch()} />
        )}
      </>
    )
  }
  const model = readFormModel(item.data.schema)
  const asks = model.children
    .filter((field) => field.kind !== 'const')
    .flatMap((field) => (field.kind === 'object' && field.key === 'properties' ? field.children : [field]))
  return (
    <div className="catalog-item">
      <p className="create-request__back">
        <Link to="/catalog">{t('createRequest.item.back')}</Link>
      </p>
      <h1>{item.data.name}</h1>
      <p>{item.data.description}</p>
      <dl>
        <dt>{t('createRequest.item.category')}</dt>
        <dd>{t(`createRequest.catalog.categoryName.${item.data.category}`)}</dd>
        <dt>{t('createRequest.item.type')}</dt>
        <dd>
          <code>{item.data.type}</code>
        </dd>
      </dl>
      <h2>{t('createRequest.item.asks')}</h2>
      <ul>
        {asks.map((field) => (
          <li key={field.path.join('.')}>
            {field.label}
            {field.required && ` ${t('createRequest.form.required')}`}
            {field.description && <span className="muted"> — {field.description}</span>}
          </li>
        ))}
      </ul>
      {item.data.category !== 'creation' && <p>{t('createRequest.item.startsFromRequest')}</p>}
      {canCreate ? (
        <p>
          <Link className="button" to={`/requests/new?${new URLSearchParams({ item: item.data.id })}`}>
            {t('createRequest.item.start')}
          </Link>
        </p>
      ) : (
        <p>{t('createRequest.item.readOnly')}</p>
      )}
    </div>
  )
}
