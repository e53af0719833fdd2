import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'

export function NotFoundRoute() {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </>
  )
}
