import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useLocation, useSearchParams, type SetURLSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { EditFiltersButton } from '@/components/ui/filter-chips'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { catalogQueries } from '@/lib/queries/catalog'
import { typeNames, typeText, type TypeNames } from '@/lib/catalog-names'
import { filtersKey, hasFilters, parseListSearch, toSearchParams, withoutFilters, type RequestListSearch } from '@/lib/request-search'
import { rememberListView } from '@/lib/last-list'
import { changesSinceLastLook, rememberSeen } from '@/lib/seen-requests'
import { requestQueries } from '@/lib/queries/requests'
import { startQuery } from '@/lib/queries/start-query'
import {
  columnsOfUrl,
  fieldsOf,
  nextSort,
  normalizeColumns,
  readDensity,
  readVisibleColumns,
  saveDensity,
  saveVisibleColumns,
  type ListColumn,
} from '../columns'
import { listFormatters, type ListFormatters } from '@/lib/format'
import { ActiveFilters } from './active-filters'
import { ColumnChooser } from './column-chooser'
import { ExportButton } from './export-button'
import { FiltersForm } from './filters-form'
import { DensitySwitch, SaveView } from './list-controls'
import { Pagination } from './pagination'
import { RequestsTable } from './requests-table'
import './requests-list.css'
import { readableRows, type RequestPage } from '@/lib/queries/requests'
import { operatorQueries } from '@/lib/queries/operator'
import { isKnownCode } from '@/lib/code-label'
import { DroppedNotice } from '@/components/ui/dropped-notice'

/**
 * The requests list. The view (filters, sort, page, page size) is the URL: every change pushes a history
 * entry, so a link reproduces it and Back walks through views. The rows are the query cache's; the page
 * being left stays on screen while the next one loads, and the next page is fetched ahead.
 */
export function RequestsList({ person }: { person: string | null }) {
  const { t } = useTranslation()
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const search = parseListSearch(searchParams)
  const { columns, urlColumns, chooseColumns } = useListColumns(searchParams, setSearchParams)
  const [density, setDensity] = useState(readDensity)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const fields = fieldsOf(columns)
  const list = useQuery(requestQueries.list(search, fields))
  const catalog = useQuery(catalogQueries.all(currentLanguage()))
  const format = listFormatters(currentLanguage())
  const types = typeNames(catalog)

  // "All requests" on a request page comes back to this very view (docs/decisions/0025).
  useEffect(() => rememberListView(`${location.pathname}${location.search}`), [location.pathname, location.search])

  // A new view is rendered in the click's own task (flushSync) rather than in a transition React would slice
  // and defer behind frames of the old view: its rows are in the cache when prefetched, and otherwise the
  // page being left stays on screen, marked busy, so there is nothing to wait for (the route's loader does
  // not run again for the list's own views: requestsShouldRevalidate).
  const show = (next: RequestListSearch) => {
    const params = toSearchParams(next)
    if (urlColumns) params.set('columns', urlColumns.join(','))
    if (params.toString() !== searchParams.toString()) setSearchParams(params, { flushSync: true })
  }
  // After a change of filters the control pressed may be gone (the form starts again from the URL, a chip
  // or the empty state disappears): the focus goes to the summary of filters, just above the results.
  const summary = useRef<HTMLElement>(null)
  const showFilters = (next: RequestListSearch) => {
    setFiltersOpen(false)
    show({ ...next, page: 1 })
    summary.current?.focus()
  }
  const resetFilters = () => showFilters(withoutFilters(search))

  const page = list.data
  const { changes, closedStatuses } = usePageChanges(person, list)
  const lastPage = page ? Math.max(1, Math.ceil(page.total / search.size)) : search.page
  const loading = list.isFetching && (list.isPlaceholderData || list.isPending)
  usePrefetchNextPage(list, search, fields, lastPage)
  const view: ListView = { list, search, columns, density, loading, changes, format, types }

  return (
    <div className="requests-page page-form">
      <div className="list-bar">
        <EditFiltersButton controls="list-filters" open={filtersOpen} onToggle={() => setFiltersOpen(!filtersOpen)}>
          {t('requests.filters.edit')}
        </EditFiltersButton>
        <ActiveFilters ref={summary} search={search} format={format} typeName={typeText(t, types)} onChange={showFilters} onReset={resetFilters} />
      </div>
      {filtersOpen && <FiltersForm id="list-filters" key={filtersKey(search)} search={search} catalog={catalog} onApply={showFilters} />}
      <ListToolbar {...view} person={person} onColumns={chooseColumns} onDensity={setDensity} />
      <ListResults {...view} lastPage={lastPage} summary={summary} closedStatuses={closedStatuses} show={show} onReset={resetFilters} />
    </div>
  )
}

type ListQuery = UseQueryResult<RequestPage>
type Density = ReturnType<typeof readDensity>

/**
 * The columns shown: a saved or shared view carries its columns (`columns=`); opening it makes them this browser's
 * choice. Choosing others while such a view is open writes them to its URL too.
 */
function useListColumns(searchParams: URLSearchParams, setSearchParams: SetURLSearchParams) {
  const urlColumns = columnsOfUrl(searchParams.get('columns'))
  const [storedColumns, setColumns] = useState(readVisibleColumns)
  const chooseColumns = (next: ListColumn[]) => {
    const normalized = normalizeColumns(next)
    saveVisibleColumns(normalized)
    setColumns(normalized)
    if (urlColumns) {
      const params = new URLSearchParams(searchParams)
      params.set('columns', normalized.join(','))
      setSearchParams(params, { replace: true })
    }
  }
  useEffect(() => {
    if (urlColumns) saveVisibleColumns(urlColumns)
  })
  return { columns: urlColumns ?? storedColumns, urlColumns, chooseColumns }
}

/** Requests whose status, step or sub-step moved since this person last saw them; seen once on screen. */
function usePageChanges(person: string | null, list: ListQuery) {
  const page = list.data
  const shownRows = useMemo(() => (page && !list.isPlaceholderData ? readableRows(page.items) : null), [page, list.isPlaceholderData])
  const changes = changesSinceLastLook(person, shownRows ?? [])
  useEffect(() => {
    if (shownRows) rememberSeen(person, shownRows)
  }, [person, shownRows])
  // Which statuses end a request is the operator's to say; asked only when a row has a status the console does not
  // know, so that the list's first view makes no call for it with our own sandbox (docs/decisions/0028-tolerant-reader.md).
  const traits = useQuery({
    ...operatorQueries.traits(),
    enabled: shownRows?.some((row) => row.status !== undefined && !isKnownCode('status', row.status)) ?? false,
  })
  return { changes, closedStatuses: traits.data?.closedStatuses }
}

/**
 * Once this page is on screen, the next one is fetched so that turning to it is instant. The fetch starts in
 * a task of its own: a page turn renders in the click's task, whose effects run before its frame is painted.
 */
function usePrefetchNextPage(list: ListQuery, search: RequestListSearch, fields: ReturnType<typeof fieldsOf>, lastPage: number) {
  const queryClient = useQueryClient()
  const nextPage =
    list.isSuccess && !list.isPlaceholderData && search.page < lastPage ? requestQueries.list({ ...search, page: search.page + 1 }, fields) : null
  useEffect(() => {
    if (!nextPage) return
    const prefetch = setTimeout(() => startQuery(queryClient, nextPage))
    return () => clearTimeout(prefetch)
  })
}

/** What was found and the changes since the last look, then the view's controls: save, density, columns, export. */
/** What the list's toolbar and its results both show: the page of requests, the view and how it is drawn. */
interface ListView {
  list: ListQuery
  search: RequestListSearch
  columns: ListColumn[]
  density: Density
  loading: boolean
  /** The rows that changed since the person last saw them, with what they were (src/lib/seen-requests.ts). */
  changes: ReadonlyMap<string, string>
  format: ListFormatters
  /** The catalog's names of the types, or that they are still being read (src/lib/catalog-names.ts). */
  types: TypeNames
}

function ListToolbar(props: ListView & { person: string | null; onColumns: (next: ListColumn[]) => void; onDensity: (next: Density) => void }) {
  const { t } = useTranslation()
  const { list, search, columns, format } = props
  const page = list.data
  const status = list.isError
    ? ''
    : props.loading || !page
      ? t('requests.list.loading')
      : t('requests.list.found', { count: page.total, total: format.number(page.total) })
  const viewUrl = (() => {
    const params = toSearchParams({ ...search, page: 1 })
    params.set('columns', columns.join(','))
    return `/requests?${params}`
  })()
  return (
    <div className="list-toolbar">
      <p role="status" className="list-toolbar__status">
        {status}
        {props.changes.size > 0 && ` ${t('requests.changed.summary', { count: props.changes.size })}`}
      </p>
      <SaveView person={props.person} url={viewUrl} />
      <DensitySwitch
        density={props.density}
        onChange={(next) => {
          saveDensity(next)
          props.onDensity(next)
        }}
      />
      <ColumnChooser columns={columns} onChange={props.onColumns} />
      <ExportButton search={search} format={format} typeName={props.types.name} />
    </div>
  )
}

/** The page's rows, or why there are none (an error, no request, a page past the end), then the pages. */
function ListResults(
  props: ListView & {
    lastPage: number
    summary: RefObject<HTMLElement | null>
    closedStatuses: readonly string[] | undefined
    show: (next: RequestListSearch) => void
    onReset: () => void
  },
) {
  const { t } = useTranslation()
  const { list, search, lastPage, format, show } = props
  const page = list.data
  return (
    <>
      {page && !list.isPlaceholderData && <DroppedNotice dropped={page.dropped} sort={search.sort} what="list" />}
      {list.isError ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : !page ? null : page.total === 0 ? (
        <ListEmpty filtered={hasFilters(search)} onReset={props.onReset} />
      ) : page.items.length === 0 ? (
        <div className="card list-empty">
          <p className="list-empty__title">{t('requests.list.pastEnd')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              show({ ...search, page: lastPage })
              props.summary.current?.focus()
            }}
          >
            {t('requests.list.toLastPage')}
          </button>
        </div>
      ) : (
        <RequestsTable
          rows={page.items}
          columns={props.columns}
          sort={search.sort}
          caption={t('requests.list.caption', {
            total: format.number(page.total),
            page: format.number(search.page),
            pages: format.number(lastPage),
          })}
          busy={props.loading}
          density={props.density}
          changes={props.changes}
          closedStatuses={props.closedStatuses}
          format={format}
          types={props.types}
          onSort={(column) => show({ ...search, sort: nextSort(search.sort, column), page: 1 })}
        />
      )}

      {page && page.total > 0 && (
        <Pagination
          page={search.page}
          lastPage={lastPage}
          size={search.size}
          shown={page.items.length ? { from: page.offset + 1, to: page.offset + page.items.length, total: page.total } : null}
          format={format}
          onPage={(target) => show({ ...search, page: target })}
          onSize={(size) => show({ ...search, size, page: 1 })}
        />
      )}
    </>
  )
}

/** No request in this view: with filters, a way to reset them; without, a word on where requests come from. */
function ListEmpty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="card list-empty">
      <p className="list-empty__title">{filtered ? t('requests.list.emptyFiltered') : t('requests.list.emptyAll')}</p>
      {filtered ? (
        <>
          <p>{t('requests.list.emptyFilteredHint')}</p>
          <button type="button" className="button" onClick={onReset}>
            {t('requests.filters.reset')}
          </button>
        </>
      ) : (
        <p>{t('requests.list.emptyAllHint')}</p>
      )}
    </div>
  )
}
