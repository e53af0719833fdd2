import { useTranslation } from '@/i18n/use-translation'
import { ApiDescription } from '@/features/api-status/components/api-description'
import { ApiStatusPanel } from '@/features/api-status/components/api-status-panel'
import { ApiVersionCard } from '@/features/api-status/components/api-version-card'

export function ApiRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('apiStatus.page.title')}</h1>
      <p>{t('apiStatus.page.intro')}</p>
      <ApiStatusPanel />
      <ApiVersionCard />
      <ApiDescription />
    </>
  )
}
