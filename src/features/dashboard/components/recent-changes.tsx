import { useEffect, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { listFormatters } from '@/lib/format'
import { changesSinceLastLook, rememberSeen, seenState } from '@/lib/seen-requests'
import type { RequestListSearch } from '@/lib/request-search'
import { dashboardRequestQueries } from '../api/dashboard-requests'
import { listHref } from '../chart-groups'
import { codeText } from '@/lib/code-label'
import { isUnreadable } from '@contract/tolerant'
import { readableRows } from '@/lib/queries/requests'
import { UnreadableRowItem } from '@/components/ui/unreadable-row'
import { TypeName } from '@/components/ui/type-name'
import type { TypeNames } from '@/lib/catalog-names'

const SHOWN = 8

/**
 * The requests updated last, those whose status, step or sub-step changed since the person last saw them marked in
 * words ("Changed: was In progress"), so that a screen reader says it too (docs/decisions/0025).
 */
export function RecentChanges({ search, person, types }: { search: RequestListSearch; person: string | null; types: TypeNames }) {
  const { t } = useTranslation()
  const format = listFormatters(currentLanguage())
  const view = { ...search, sort: '-updatedAt', page: 1 }
  const recent = useQuery(dashboardRequestQueries.first(view))
  const rows = useMemo(() => (recent.data ? recent.data.items.slice(0, SHOWN) : null), [recent.data])
  // A row the contract could not read in full is listed as such, and has no state to compare (docs/decisions/0028).
  const readable = useMemo(() => (rows ? readableRows(rows) : null), [rows])
  const changes = changesSinceLastLook(person, readable ?? [])
  useEffect(() => {
    if (readable) rememberSeen(person, readable)
  }, [person, readable])
  const words = (state: string) => {
    const was = seenState(state)
    return [
      was.status && codeText(t, 'dashboard', 'status', was.status),
      was.step && codeText(t, 'dashboard', 'step', was.step),
      was.subStep && codeText(t, 'dashboard', 'subStep', was.subStep),
    ]
      .filter(Boolean)
      .join(' · ')
  }
  if (!rows || rows.length === 0) return null
  return (
    <section aria-labelledby="recent-changes-title" className="card recent-changes">
      <h2 id="recent-changes-title">{t('dashboard.recent.title')}</h2>
      {/* The sentence says what the list is, and counts only the marks below it: a request updated before the last look,
          or never seen, is listed without a mark, so "nothing changed" would contradict the list (docs/decisions/0025). */}
      <p className="muted">{changes.size > 0 ? t('dashboard.recent.someChanged', { count: changes.size }) : t('dashboard.recent.intro')}</p>
      <ul className="recent-changes__list">
        {rows.map((row) => {
          if (isUnreadable(row)) {
            return <UnreadableRowItem key={row.id ?? `#${row.index}`} row={row} />
          }
          const before = changes.get(row.id)
          return (
            <li key={row.id}>
              <Link to={`/requests/${encodeURIComponent(row.id)}`} translate={row.name ? 'no' : undefined}>
                {row.name ?? row.id}
              </Link>{' '}
              {before !== undefined && <span className="changed-mark">{t('dashboard.recent.mark', { was: words(before) })}</span>}{' '}
              <span className="recent-changes__state">
                {row.status && codeText(t, 'dashboard', 'status', row.status)}
                {row.step && ` · ${codeText(t, 'dashboard', 'step', row.step)}`}
                {row.subStep && ` · ${codeText(t, 'dashboard', 'subStep', row.subStep)}`}
                {row.type && (
                  <>
                    {' · '}
                    <TypeName type={row.type} names={types} />
                  </>
                )}
                {row.updatedAt && ` · ${format.timestamp(row.updatedAt)}`}
              </span>
            </li>
          )
        })}
      </ul>
      <p>
        <Link to={listHref(view)}>{t('dashboard.recent.all')}</Link>
      </p>
    </section>
  )
}
