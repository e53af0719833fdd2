import { useTranslation } from '@/i18n/use-translation'
import { Dashboard } from '@/features/dashboard/components/dashboard'

/** The home page is the dashboard (loaded with its route, so the sign-in page does not carry it). */
export function HomeRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <Dashboard />
    </>
  )
}
