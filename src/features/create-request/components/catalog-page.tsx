import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { REQUEST_CATEGORIES, type RequestCategory } from '@contract/request'
import { catalogItemTitle, type CatalogItem } from '@contract/catalog'
import { isUnreadable, type UnreadableRow } from '@contract/tolerant'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { CATALOG_PAGE_SIZE, catalogQueries, parseCatalogSearch, type CatalogSearch } from '@/lib/queries/catalog'
import { requestKindOf } from '../item-kind'
import './create-request.css'

/**
 * `/catalog`: what can be ordered, by kind (creation, modification, termination, cancellation) and type, with search.
 * `readOnly`: the person may not send requests; a sentence says why there is no form, before the catalog.
 */
export function CatalogPage({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const search = parseCatalogSearch(params)
  const page = useQuery(catalogQueries.page(search, currentLanguage()))
  const pageNumber = search.offset / CATALOG_PAGE_SIZE + 1
  const pages = page.data ? Math.max(1, Math.ceil(page.data.total / CATALOG_PAGE_SIZE)) : 1

  const goTo = (next: { q?: string; category?: string; page?: number }) => {
    const merged = new URLSearchParams()
    const q = next.q ?? search.q
    const category = next.category ?? search.category
    if (q) merged.set('q', q)
    if (category) merged.set('category', category)
    if (next.page && next.page > 1) merged.set('page', String(next.page))
    setParams(merged)
  }

  return (
    <div className="catalog">
      <h1>{t('createRequest.catalog.title')}</h1>
      {readOnly ? (
        <section className="card form-readonly" aria-labelledby="catalog-read-only">
          <h2 id="catalog-read-only">{t('createRequest.readOnly.title')}</h2>
          <p>{t('createRequest.readOnly.why')}</p>
        </section>
      ) : (
        <p>{t('createRequest.catalog.intro')}</p>
      )}
      <CatalogSearchForm search={search} onSearch={(q, category) => goTo({ q, category, page: 1 })} />

      {page.isPending && <p role="status">{t('createRequest.catalog.loading')}</p>}
      {page.isError && <ErrorMessage error={page.error} onRetry={() => void page.refetch()} />}
      {page.data && (
        <>
          <p role="status">{t('createRequest.catalog.results', { count: page.data.total })}</p>
          {page.data.items.length === 0 && <p>{t('createRequest.catalog.empty')}</p>}
          {REQUEST_CATEGORIES.map((category) => (
            <CategorySection
              key={category}
              category={category}
              items={page.data.items.filter((item): item is CatalogItem => !isUnreadable(item) && requestKindOf(item) === category)}
            />
          ))}
          <UnreadableItems rows={page.data.items.filter(isUnreadable)} />
          {pages > 1 && <CatalogPages page={pageNumber} pages={pages} onGoTo={(page) => goTo({ page })} />}
        </>
      )}
    </div>
  )
}

/** The catalog's search: words and a kind of request, sent together. */
function CatalogSearchForm({ search, onSearch }: { search: CatalogSearch; onSearch: (q: string, category: string) => void }) {
  const { t } = useTranslation()
  return (
    <form
      role="search"
      className="catalog-search"
      onSubmit={(event) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        onSearch(String(data.get('q') ?? ''), String(data.get('category') ?? ''))
      }}
    >
      <label>
        {t('createRequest.catalog.search')}
        <input type="search" name="q" defaultValue={search.q ?? ''} key={search.q ?? ''} />
      </label>
      <label>
        {t('createRequest.catalog.category')}
        <select name="category" defaultValue={search.category ?? ''} key={search.category ?? ''}>
          <option value="">{t('createRequest.catalog.anyCategory')}</option>
          {REQUEST_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`createRequest.catalog.categoryName.${category}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        {t('createRequest.catalog.searchButton')}
      </button>
    </form>
  )
}

function CatalogPages({ page, pages, onGoTo }: { page: number; pages: number; onGoTo: (page: number) => void }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('createRequest.catalog.pagination')} className="catalog-pages">
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onGoTo(page - 1)}>
        {t('createRequest.catalog.previous')}
      </button>
      <span>{t('createRequest.catalog.page', { page, pages })}</span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onGoTo(page + 1)}>
        {t('createRequest.catalog.next')}
      </button>
    </nav>
  )
}

function CategorySection({ category, items }: { category: RequestCategory; items: CatalogItem[] }) {
  const { t } = useTranslation()
  if (items.length === 0) return null
  const byType = [...items].sort((a, b) => (a.type ?? a.id).localeCompare(b.type ?? b.id))
  return (
    <section aria-labelledby={`catalog-${category}`}>
      <h2 id={`catalog-${category}`}>{t(`createRequest.catalog.categories.${category}`)}</h2>
      <ul className="catalog-list">
        {byType.map((item) => (
          <li key={item.id} className="card">
            <Link to={`/catalog/${encodeURIComponent(item.id)}`}>{catalogItemTitle(item)}</Link>
            {item.description && <p>{item.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Items the console could not read (docs/decisions/0030-forms-for-any-catalog.md): what could be read of each (its
 * name, its id), marked so; the rest of the catalog works as ever. One with an id still opens its page.
 */
function UnreadableItems({ rows }: { rows: UnreadableRow[] }) {
  const { t } = useTranslation()
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="catalog-unreadable">
      <h2 id="catalog-unreadable">{t('createRequest.catalog.unreadableTitle')}</h2>
      <p>{t('createRequest.catalog.unreadableWhy')}</p>
      <ul className="catalog-list">
        {rows.map((row) => {
          const title = row.name ?? row.id ?? t('createRequest.catalog.unreadableNumber', { number: row.index + 1 })
          return (
            <li key={`${row.index}`} className="card catalog-list__unreadable">
              {row.id ? <Link to={`/catalog/${encodeURIComponent(row.id)}`}>{title}</Link> : <span>{title}</span>}
              <p className="muted">{t('createRequest.catalog.unreadable')}</p>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
