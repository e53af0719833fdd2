import { useTranslation } from '@/i18n/use-translation'
import { RequestsList } from '@/features/requests/components/requests-list'

export function RequestsRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('requests.list.title')}</h1>
      <RequestsList />
    </>
  )
}
