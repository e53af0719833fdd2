import { useTranslation } from '@/i18n/use-translation'
import { PAGE_SIZES, type PageSize } from '@/lib/request-search'
import type { ListFormatters } from '@/lib/format'

/** "Showing 21–40 of 1,234", first/previous/next/last (disabled at the ends) and the page size. */
export function Pagination(props: {
  page: number
  lastPage: number
  size: PageSize
  shown: { from: number; to: number; total: number } | null
  format: ListFormatters
  onPage: (page: number) => void
  onSize: (size: PageSize) => void
}) {
  const { t } = useTranslation()
  const { page, lastPage, format } = props
  const atStart = page <= 1
  const atEnd = page >= lastPage
  // aria-disabled rather than disabled: a button that becomes unavailable under the focus (Next on reaching
  // the last page) keeps it, instead of sending the keyboard back to the top of the page.
  const pageButton = (label: string, target: number, unavailable: boolean, icon: string, iconFirst: boolean) => (
    <button type="button" className="button button--secondary" aria-disabled={unavailable} onClick={() => !unavailable && props.onPage(target)}>
      {iconFirst && <span aria-hidden="true">{icon}</span>} {label} {!iconFirst && <span aria-hidden="true">{icon}</span>}
    </button>
  )
  return (
    <nav aria-label={t('requests.paging.label')} className="pagination">
      {props.shown && (
        <p className="pagination__shown">
          {t('requests.paging.shown', { from: format.number(props.shown.from), to: format.number(props.shown.to), total: format.number(props.shown.total) })}
        </p>
      )}
      <div className="pagination__buttons">
        {pageButton(t('requests.paging.first'), 1, atStart, '«', true)}
        {pageButton(t('requests.paging.previous'), page - 1, atStart, '‹', true)}
        <span className="pagination__page">{t('requests.paging.page', { page: format.number(page), pages: format.number(lastPage) })}</span>
        {pageButton(t('requests.paging.next'), page + 1, atEnd, '›', false)}
        {pageButton(t('requests.paging.last'), lastPage, atEnd, '»', false)}
      </div>
      <label className="pagination__size">
        {t('requests.paging.size')}{' '}
        <select value={props.size} onChange={(event) => props.onSize(Number(event.target.value) as PageSize)}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {format.number(size)}
            </option>
          ))}
        </select>
      </label>
    </nav>
  )
}
