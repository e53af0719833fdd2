import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { apiStatusQueries } from '../api/get-api-status'

/** GET /version: the API's name, release and release date (in the person's locale). */
export function ApiVersionCard() {
  const { t } = useTranslation()
  const version = useQuery(apiStatusQueries.version())
  return (
    <section aria-labelledby="api-version-title" className="card">
      <h2 id="api-version-title">{t('apiStatus.versionTitle')}</h2>
      {version.isPending ? (
        <p role="status">{t('apiStatus.versionLoading')}</p>
      ) : version.isError ? (
        <ErrorMessage error={version.error} onRetry={() => void version.refetch()} />
      ) : (
        <dl className="details">
          <dt>{t('apiStatus.versionName')}</dt>
          <dd>{version.data.name}</dd>
          <dt>{t('apiStatus.versionNumber')}</dt>
          <dd>{version.data.version}</dd>
          {version.data.releasedAt && (
            <>
              <dt>{t('apiStatus.versionReleased')}</dt>
              <dd>
                <time dateTime={version.data.releasedAt}>
                  {new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${version.data.releasedAt}T00:00:00Z`))}
                </time>
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  )
}
