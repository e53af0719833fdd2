import { useTranslation } from '@/i18n/use-translation'
import { daysLate, isStillOpen } from '@/lib/lateness'

/**
 * How late a request is, in words as well as colour: a badge that says "Overdue", and for an open
 * request the days since its requested date ("3 days late"); a request closed late was delivered late.
 */
export function DelayCell({ isOverdue, requestedAt, status }: { isOverdue?: boolean; requestedAt?: string; status?: string }) {
  const { t } = useTranslation()
  if (!isOverdue) return <span className="muted">{status === 'REJECTED' ? '—' : t('requests.list.onTime')}</span>
  return (
    <span className="overdue">
      <span className="badge badge--bad">{t('requests.list.overdue')}</span>{' '}
      {isStillOpen(status) && requestedAt
        ? t('requests.list.daysLate', { count: daysLate(requestedAt) })
        : t('requests.list.deliveredLate')}
    </span>
  )
}
