import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { formatDateTimeToSecond } from '@/lib/format'
import { COMPONENT_STATES } from '@contract/misc'
import { ErrorMessage } from '@/components/ui/error-message'
import { OtherFields } from '@/components/ui/other-fields'
import { readableCode } from '@contract/code-label'
import { apiStatusQueries } from '../api/get-api-status'

const STATE_CLASS: Record<string, string> = { OK: 'badge--ok', DEGRADED: 'badge--warn', UNAVAILABLE: 'badge--bad' }
const KNOWN_FIELDS = ['status', 'checkedAt', 'components']

/**
 * The state of the ordering API and its components, and its version, as the gateway sees them. The body of /status is
 * "not shown" in the reference (docs/decisions/0028-tolerant-reader.md): each known part appears when the operator sends
 * it, a state the console does not know reads as its code made readable, and the rest is listed as it comes.
 */
export function ApiStatusPanel() {
  const { t } = useTranslation()
  const status = useQuery(apiStatusQueries.status())
  const version = useQuery(apiStatusQueries.version())
  const isKnown = (state: string) => (COMPONENT_STATES as readonly string[]).includes(state)
  const stateLabel = (state: string) => (isKnown(state) ? t(`apiStatus.componentState.${state}`) : readableCode(state))
  const checkedAt = status.data?.checkedAt === undefined ? undefined : new Date(status.data.checkedAt)

  return (
    <section aria-labelledby="api-status-title" className="card">
      <h2 id="api-status-title">{t('apiStatus.title')}</h2>
      {status.isPending ? (
        <p role="status">{t('apiStatus.loading')}</p>
      ) : status.isError ? (
        <ErrorMessage error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <p role="status" className="api-status__summary">
            {status.data.status === undefined ? (
              t('apiStatus.stateNotSent')
            ) : (
              <>
                <span className={`badge ${STATE_CLASS[status.data.status] ?? 'badge--unknown'}`}>{stateLabel(status.data.status)}</span>{' '}
                {isKnown(status.data.status)
                  ? t(`apiStatus.state.${status.data.status}`)
                  : t('apiStatus.stateOther', { state: stateLabel(status.data.status) })}
              </>
            )}
          </p>
          {status.data.components && status.data.components.length > 0 && (
            <table className="table table--compact">
              <caption>{t('apiStatus.components')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('apiStatus.component')}</th>
                  <th scope="col">{t('apiStatus.componentStatus')}</th>
                </tr>
              </thead>
              <tbody>
                {status.data.components.map((component, index) => (
                  <tr key={component.name ?? index}>
                    <th scope="row" translate="no">
                      {component.name ?? '—'}
                    </th>
                    <td>{component.status === undefined ? '—' : stateLabel(component.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {checkedAt && !Number.isNaN(checkedAt.getTime()) && (
            <p className="muted">{t('apiStatus.checkedAt', { time: formatDateTimeToSecond(checkedAt.getTime(), currentLanguage()) })}</p>
          )}
          <button type="button" className="button" onClick={() => void status.refetch()} disabled={status.isFetching}>
            {t('apiStatus.refresh')}
          </button>
        </>
      )}
      {version.isSuccess && version.data.version !== undefined ? (
        <p>{t('apiStatus.version', { version: String(version.data.version) })}</p>
      ) : version.isPending ? (
        <p className="muted">{t('apiStatus.versionLoading')}</p>
      ) : null}
      {status.isSuccess && <OtherFields value={status.data} known={KNOWN_FIELDS} title={t('apiStatus.otherStatus')} />}
    </section>
  )
}
