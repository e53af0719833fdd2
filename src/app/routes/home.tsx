import { useTranslation } from 'react-i18next'
import { ApiStatusPanel } from '@/features/api-status/components/api-status-panel'

export function HomeRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <ApiStatusPanel />
    </>
  )
}
