import { useTranslation } from '@/i18n/use-translation'
import { OverdueRequests } from '@/features/dashboard/components/overdue-requests'

export function OverdueRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('dashboard.overdue.title')}</h1>
      <p>{t('dashboard.overdue.intro')}</p>
      <OverdueRequests />
    </>
  )
}
