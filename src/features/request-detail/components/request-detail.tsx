import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { TFunction } from '@/i18n/translator'
import type { Request } from '@contract/request'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { typeNames } from '@/lib/catalog-names'
import { TypeName } from '@/components/ui/type-name'
import { catalogQueries } from '@/lib/queries/catalog'
import { lastListView } from '@/lib/last-list'
import { ApiError, isQuotaSpent } from '@/lib/api-error'
import { requestQueries } from '@/lib/queries/requests'
import { formatCalendarDate, formatDateTime } from '@/lib/format'
import { refreshPolicyOf } from '../refresh-policy'
import { cancellationOf, isOpen } from '../request-state'
import { RefreshStatus, refreshingOf } from '@/components/ui/refresh-status'
import { RejectionReasons } from './rejection-reasons'
import { RequestActions } from './request-actions'
import { PropertySection, RequestProperties } from './request-properties'
import { RequestTimeline } from './request-timeline'
import { FieldList } from './field-list'
import './request-detail.css'
import { codeLabel, codeText } from '@/lib/code-label'
import { operatorQueries } from '@/lib/queries/operator'

export const REQUEST_LIST_PATH = '/requests'

const STATUS_BADGE: Record<string, string> = { NEW: '', IN_PROGRESS: '', COMPLETED: 'badge--ok', REJECTED: 'badge--bad' }

/**
 * One request, everything a person cares about: where it stands, why it was rejected, what can be done next,
 * and its content. `canCreate` comes from the person's scope (read-only people get no action).
 */
export function RequestDetail({ id, canCreate }: { id: string; canCreate: boolean }) {
  const { t } = useTranslation()
  // Which statuses end a request is the operator's to say (docs/decisions/0028-tolerant-reader.md).
  const traits = useQuery(operatorQueries.traits()).data
  const query = useQuery({
    ...requestQueries.detail(id),
    // Not while the quota is spent (docs/decisions/0032-application-quota.md).
    refetchInterval: (query) => (isQuotaSpent(query.state.error) ? false : refreshPolicyOf(query.state.data, traits).interval),
    refetchOnWindowFocus: (query) => !isQuotaSpent(query.state.error) && refreshPolicyOf(query.state.data, traits).onWindowFocus,
  })
  const request = query.data

  if (!request) {
    if (query.error instanceof ApiError && query.error.status === 404) return <RequestNotFound id={id} />
    if (query.isError) {
      return (
        <>
          <h1>{t('requestDetail.heading', { id })}</h1>
          <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />
        </>
      )
    }
    return <p role="status">{t('requestDetail.loading', { id })}</p>
  }

  const status = codeLabel(t, 'requestDetail', 'status', request.status)
  // A request its customer cancelled reads as cancelled, never as refused (docs/decisions/0034-form-and-wording.md).
  const cancellation = cancellationOf(request)
  return (
    <article className="request-detail" aria-labelledby="request-detail-title">
      <p className="request-detail__back">
        {/* Back to the list as this tab last showed it: its filters, sort and page (docs/decisions/0025). */}
        <Link to={lastListView(REQUEST_LIST_PATH)}>
          <span aria-hidden="true">← </span>
          {t('requestDetail.backToList')}
        </Link>
      </p>
      {/* The tab's title names the request by its id too (src/app/shell/page-title.ts). */}
      <h1 id="request-detail-title" translate="no" data-title={`${request.id} · ${request.name}`}>
        {request.name}
      </h1>
      <p className="request-detail__state">
        {cancellation ? (
          <span className="badge">{t('requestDetail.cancelled.badge')}</span>
        ) : (
          <span className={`badge ${status.known ? (STATUS_BADGE[request.status] ?? '') : 'badge--unknown'}`} title={request.status}>
            {status.label}
          </span>
        )}{' '}
        <span title={`${request.step} · ${request.subStep}`}>{position(t, request)}</span>
        {request.isOverdue && (
          <>
            {' '}
            <span className="badge badge--warn">{t('requestDetail.flags.overdue')}</span>
          </>
        )}
        {request.isArchived && (
          <>
            {' '}
            <span className="badge">{t('requestDetail.flags.archived')}</span>
          </>
        )}
        {' · '}
        <code>{request.id}</code>
      </p>
      {isOpen(request, traits) && (
        <RefreshStatus queries={[refreshingOf(query)]} onRefresh={() => void query.refetch()} auto={t('requestDetail.refresh.auto')} />
      )}
      {cancellation ? <Cancelled by={cancellation.by} /> : request.status === 'REJECTED' && <RejectionReasons reasons={request.rejectionReasons} />}
      <RequestActions request={request} canCreate={canCreate} traits={traits} />
      <RequestTimeline request={request} />
      <RequestSummary request={request} />
      <RequestProperties request={request} />
    </article>
  )
}

/** Who cancelled the request, linked when the API's words name the cancelling request. */
function Cancelled({ by }: { by?: string }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="request-cancelled" className="card">
      <h2 id="request-cancelled">{t('requestDetail.cancelled.title')}</h2>
      <p>
        {by ? (
          <>
            {t('requestDetail.cancelled.by')} <Link to={`${REQUEST_LIST_PATH}/${encodeURIComponent(by)}`}>{by}</Link>.
          </>
        ) : (
          t('requestDetail.cancelled.unknown')
        )}
      </p>
    </section>
  )
}

function position(t: TFunction, request: Pick<Request, 'step' | 'subStep'>) {
  return t('requestDetail.position', {
    step: codeText(t, 'requestDetail', 'step', request.step),
    subStep: codeText(t, 'requestDetail', 'subStep', request.subStep),
  })
}

function RequestSummary({ request }: { request: Request }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  // The type's name in the person's language, its code a tooltip away; a still placeholder until the catalog answers (0025).
  const types = typeNames(useQuery(catalogQueries.all(language)))
  const label = (key: string) => t(`requestDetail.fields.${key}`)
  return (
    <PropertySection title={t('requestDetail.sections.summary')}>
      <FieldList
        fields={[
          { label: label('id'), value: <code>{request.id}</code> },
          { label: label('customerReference'), value: request.customerReference || t('requestDetail.notGiven') },
          { label: label('contract'), value: request.contract },
          { label: label('customer'), value: t('requestDetail.customerName', { name: request.customer.name, id: request.customer.id }) },
          { label: label('type'), value: <TypeName type={request.type} names={types} /> },
          { label: label('category'), value: codeText(t, 'requestDetail', 'category', request.category) },
          {
            label: label('status'),
            value: cancellationOf(request) ? t('requestDetail.cancelled.badge') : codeText(t, 'requestDetail', 'status', request.status),
          },
          { label: label('position'), value: position(t, request) },
          { label: label('requestedAt'), value: formatCalendarDate(request.keyDates.requestedAt, language) },
          { label: label('overdue'), value: request.isOverdue ? t('requestDetail.overdueYes') : t('requestDetail.no') },
          { label: label('archived'), value: request.isArchived ? t('requestDetail.yes') : t('requestDetail.no') },
          {
            label: label('relatedRequest'),
            value: request.relatedRequestId ? (
              <>
                <Link to={`${REQUEST_LIST_PATH}/${encodeURIComponent(request.relatedRequestId)}`}>{request.relatedRequestId}</Link>{' '}
                <span className="muted">{t(`requestDetail.related.${request.category}`)}</span>
              </>
            ) : undefined,
          },
          { label: label('createdAt'), value: <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, language)}</time> },
          { label: label('updatedAt'), value: <time dateTime={request.updatedAt}>{formatDateTime(request.updatedAt, language)}</time> },
        ]}
      />
    </PropertySection>
  )
}

function RequestNotFound({ id }: { id: string }) {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('requestDetail.notFound.title')}</h1>
      <p>{t('requestDetail.notFound.body', { id })}</p>
      <p>{t('requestDetail.notFound.hint')}</p>
      <Link to={REQUEST_LIST_PATH}>{t('requestDetail.notFound.back')}</Link>
    </>
  )
}
