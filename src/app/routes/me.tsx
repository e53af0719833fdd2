import { useTranslation } from '@/i18n/use-translation'
import { AccountDetails } from '@/features/auth/components/account-details'

export function MeRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('auth.me.title')}</h1>
      <p>{t('auth.me.intro')}</p>
      <AccountDetails />
    </>
  )
}
