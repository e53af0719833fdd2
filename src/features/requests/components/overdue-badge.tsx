import { daysLate, isStillOpen } from '@/lib/lateness'

/**
 * How late a request is, in words as well as colour: a badge that says "Overdue", and for an open
 * request the days since its requested date ("3 days late"); a request closed late was delivered late.
 * It takes the table's `t`: a translation hook in each of a page's cells costs a page turn a subscription
 * to the language per row, dropped and taken again for every new page.
 */
export function DelayCell({
  t,
  isOverdue,
  requestedAt,
  status,
  closedStatuses,
}: {
  t: (key: string, options?: { count: number }) => string
  isOverdue?: boolean
  requestedAt?: string
  status?: string
  closedStatuses?: readonly string[]
}) {
  if (!isOverdue) return <span className="muted">{status === 'REJECTED' ? '—' : t('requests.list.onTime')}</span>
  return (
    <span className="overdue">
      <span className="badge badge--bad">{t('requests.list.overdue')}</span>{' '}
      {isStillOpen(status, closedStatuses) && requestedAt ? t('requests.list.daysLate', { count: daysLate(requestedAt) }) : t('requests.list.deliveredLate')}
    </span>
  )
}
