import { I18nextProvider, useTranslation } from 'react-i18next'
import { ErrorMessage } from '@/components/ui/error-message'
import { i18n } from '@/i18n/i18n'

/** What a person sees when the page cannot even learn how to sign in (GET /auth/config failed). */
export function BootError({ error }: { error: unknown }) {
  return (
    <I18nextProvider i18n={i18n}>
      <BootErrorMessage error={error} />
    </I18nextProvider>
  )
}

function BootErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation()
  return (
    <main id="main">
      <h1>{t('app.name')}</h1>
      <p>{t('auth.unavailable')}</p>
      <ErrorMessage error={error} onRetry={() => window.location.reload()} />
    </main>
  )
}
