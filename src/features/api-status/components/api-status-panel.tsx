import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import { apiStatusQueries } from '../api/get-api-status'

const STATE_CLASS = { OK: 'badge--ok', DEGRADED: 'badge--warn', UNAVAILABLE: 'badge--bad' } as const

/** The state of the ordering API and its components, and its version, as the gateway sees them. */
export function ApiStatusPanel() {
  const { t, i18n } = useTranslation()
  const status = useQuery(apiStatusQueries.status())
  const version = useQuery(apiStatusQueries.version())

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
            <span className={`badge ${STATE_CLASS[status.data.status]}`}>{t(`apiStatus.componentState.${status.data.status}`)}</span>{' '}
            {t(`apiStatus.state.${status.data.status}`)}
          </p>
          <table className="table table--compact">
            <caption>{t('apiStatus.components')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('apiStatus.component')}</th>
                <th scope="col">{t('apiStatus.componentStatus')}</th>
              </tr>
            </thead>
            <tbody>
              {status.data.components.map((component) => (
                <tr key={component.name}>
                  <th scope="row" translate="no">
                    {component.name}
                  </th>
                  <td>{t(`apiStatus.componentState.${component.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">
            {t('apiStatus.checkedAt', {
              time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(status.data.checkedAt)),
            })}
          </p>
          <button type="button" className="button" onClick={() => void status.refetch()} disabled={status.isFetching}>
            {t('apiStatus.refresh')}
          </button>
        </>
      )}
      {version.isSuccess ? (
        <p>{t('apiStatus.version', { version: version.data.version })}</p>
      ) : version.isPending ? (
        <p className="muted">{t('apiStatus.versionLoading')}</p>
      ) : null}
    </section>
  )
}
