import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import { OtherFields } from '@/components/ui/other-fields'
import { currentLanguage } from '@/i18n/i18n'
import { formatCalendarDate } from '@/lib/format'
import { apiStatusQueries } from '../api/get-api-status'

const KNOWN_FIELDS = ['name', 'version', 'releasedAt']

/**
 * GET /version: the API's name, release and release date (in the person's locale). The body is "not shown" in the
 * reference (docs/decisions/0028-tolerant-reader.md): what the operator sends besides is listed as it comes.
 */
export function ApiVersionCard() {
  const { t } = useTranslation()
  const version = useQuery(apiStatusQueries.version())
  const releasedAt =
    version.data?.releasedAt === undefined
      ? undefined
      : new Date(/^\d{4}-\d{2}-\d{2}$/.test(version.data.releasedAt) ? `${version.data.releasedAt}T00:00:00Z` : version.data.releasedAt)
  return (
    <section aria-labelledby="api-version-title" className="card">
      <h2 id="api-version-title">{t('apiStatus.versionTitle')}</h2>
      {version.isPending ? (
        <p role="status">{t('apiStatus.versionLoading')}</p>
      ) : version.isError ? (
        <ErrorMessage error={version.error} onRetry={() => void version.refetch()} />
      ) : (
        <>
          <dl className="details">
            {version.data.name !== undefined && (
              <>
                <dt>{t('apiStatus.versionName')}</dt>
                <dd>{version.data.name}</dd>
              </>
            )}
            {version.data.version !== undefined && (
              <>
                <dt>{t('apiStatus.versionNumber')}</dt>
                <dd>{String(version.data.version)}</dd>
              </>
            )}
            {version.data.releasedAt !== undefined && (
              <>
                <dt>{t('apiStatus.versionReleased')}</dt>
                <dd>
                  {releasedAt && !Number.isNaN(releasedAt.getTime()) ? (
                    <time dateTime={version.data.releasedAt}>{formatCalendarDate(releasedAt.toISOString(), currentLanguage())}</time>
                  ) : (
                    version.data.releasedAt
                  )}
                </dd>
              </>
            )}
          </dl>
          <OtherFields value={version.data} known={KNOWN_FIELDS} title={t('apiStatus.otherVersion')} />
        </>
      )}
    </section>
  )
}
