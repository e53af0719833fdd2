import { useTranslation } from '@/i18n/use-translation'
import { ErrorMessage } from '@/components/ui/error-message'

/** What a person sees when the page cannot learn how to sign in (GET /auth/config failed) or load the sign-in. */
export function SignInUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('app.name')}</h1>
      <p>{t('auth.unavailable')}</p>
      <ErrorMessage error={error} onRetry={() => window.location.reload()} />
    </>
  )
}
