import { useTranslation } from '@/i18n/use-translation'

export function PageLoading() {
  const { t } = useTranslation()
  return <p role="status">{t('app.pageLoading')}</p>
}
