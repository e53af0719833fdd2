import { useIsFetching, useQueryClient, type Query } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'
import { ORDERING_API_BASE } from '@/lib/api-client'
import { ApiError, isAccessDenied } from '@/lib/api-error'

/**
 * 403 code 50 from the ordering API: its subscription is missing or suspended. Other APIs give code 50 other
 * meanings (the cloud API: no cloud resources for this customer), which their pages explain themselves.
 */
export function isSubscriptionMissing(error: unknown): boolean {
  return error instanceof ApiError && isAccessDenied(error) && (error.url ?? '').startsWith(`${ORDERING_API_BASE}/`)
}

const deniedQuery = (query: Query) => isSubscriptionMissing(query.state.error)

/**
 * The page shown in place of any other while the ordering API answers 403 code 50: the application's
 * subscription is missing or suspended. Checking again runs the refused calls; once they pass, the page
 * the person asked for comes back as it was.
 */
export function SubscriptionProblem({ error }: { error: ApiError }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const checking = useIsFetching({ predicate: deniedQuery }) > 0
  return (
    <section aria-labelledby="subscription-title">
      <h1 id="subscription-title">{t('apiStatus.subscription.title')}</h1>
      <p>{t('apiStatus.subscription.body')}</p>
      <ErrorMessage error={error} />
      <p>
        <button type="button" className="button" disabled={checking} onClick={() => void queryClient.refetchQueries({ predicate: deniedQuery })}>
          {t('apiStatus.subscription.checkAgain')}
        </button>
      </p>
    </section>
  )
}
