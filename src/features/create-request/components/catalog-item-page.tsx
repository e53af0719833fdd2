import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import { ApiError } from '@/lib/api-error'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { catalogItemTitle, type CatalogItem } from '@contract/catalog'
import { typeNames } from '@/lib/catalog-names'
import { TypePending } from '@/components/ui/type-name'
import { humanize } from '../schema/form-model'
import { schemaFormOf } from '../schema/item-form'
import { requestKindOf } from '../item-kind'
import './create-request.css'

/** The fields this page says in words; anything else the item publishes is listed as it is, readably. */
const SHOWN_FIELDS = new Set(['id', 'name', 'description', 'type', 'category', 'variant', 'schema', 'actsOn', 'createdAt'])

/**
 * `/catalog/:id`: what an item is, what its form asks (read from its schema, or the generic form of its kind when it
 * has none the console can read: docs/decisions/0030-forms-for-any-catalog.md), what else it publishes, and the way
 * into the form.
 */
export function CatalogItemPage({ id, canCreate }: { id: string; canCreate: boolean }) {
  const { t } = useTranslation()
  const item = useQuery(catalogQueries.detail(id, currentLanguage()))
  const types = typeNames(useQuery(catalogQueries.all(currentLanguage())))
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
  const data = item.data
  const kind = requestKindOf(data)
  const others = Object.entries(data).filter(([key, value]) => !SHOWN_FIELDS.has(key) && value !== undefined && value !== null)
  return (
    <div className="catalog-item">
      <p className="create-request__back">
        <Link to="/catalog">{t('createRequest.item.back')}</Link>
      </p>
      <h1>{catalogItemTitle(data)}</h1>
      {data.description && <p>{data.description}</p>}
      <dl>
        <dt>{t('createRequest.item.category')}</dt>
        <dd>{t(`createRequest.catalog.categoryName.${kind}`)}</dd>
        {/* The type and the body variant are the API's codes, never shown; what it acts on is said by name (0034). */}
        {data.actsOn && data.actsOn.length > 0 && (
          <>
            <dt>{t('createRequest.item.actsOn')}</dt>
            {/* One placeholder while the catalog is read, then the names (docs/decisions/0025, amended 2026-11-27). */}
            <dd>{types.pending ? <TypePending /> : data.actsOn.map(types.name).join(', ')}</dd>
          </>
        )}
      </dl>
      <ItemAsks item={data} />
      {others.length > 0 && (
        <section aria-labelledby="catalog-item-more">
          <h2 id="catalog-item-more">{t('createRequest.item.more')}</h2>
          <ReadableValue value={Object.fromEntries(others)} />
        </section>
      )}
      {kind !== 'creation' && <p>{t('createRequest.item.startsFromRequest')}</p>}
      {!data.type ? (
        <p>{t('createRequest.item.noType')}</p>
      ) : canCreate ? (
        <p>
          <Link className="button" to={`/requests/new?${new URLSearchParams({ item: data.id })}`}>
            {t('createRequest.item.start')}
          </Link>
        </p>
      ) : (
        <p>{t('createRequest.item.readOnly')}</p>
      )}
    </div>
  )
}

/** What the item's form asks: its schema's fields, or the generic form of its kind (0030). */
function ItemAsks({ item }: { item: CatalogItem }) {
  const { t } = useTranslation()
  const model = schemaFormOf(item)
  const asks = (model?.children ?? [])
    .filter((field) => field.kind !== 'const')
    .flatMap((field) => (field.kind === 'object' && field.key === 'properties' ? field.children : [field]))
  return (
    <>
      <h2>{t('createRequest.item.asks')}</h2>
      {model ? (
        <ul>
          {asks.map((field) => (
            <li key={field.path.join('.')}>
              {field.label}
              {field.required && ` ${t('createRequest.form.required')}`}
              {field.description && <span className="muted"> — {field.description}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t(`createRequest.generic.intro.${requestKindOf(item)}`)}</p>
      )}
    </>
  )
}

/** Any JSON value, readably: objects as lists of named entries (names made readable), lists numbered, the rest as text. */
function ReadableValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (depth > 6) return <code>{JSON.stringify(value)}</code>
  if (Array.isArray(value)) {
    if (value.every((entry) => typeof entry !== 'object' || entry === null)) return <>{value.map(String).join(', ')}</>
    return (
      <ol>
        {value.map((entry, index) => (
          <li key={index}>
            <ReadableValue value={entry} depth={depth + 1} />
          </li>
        ))}
      </ol>
    )
  }
  if (typeof value === 'object' && value !== null) {
    return (
      <dl className="readable-value">
        {Object.entries(value).map(([key, entry]) => (
          <div key={key}>
            <dt>{humanize(key)}</dt>
            <dd>
              <ReadableValue value={entry} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    )
  }
  return <>{String(value)}</>
}
