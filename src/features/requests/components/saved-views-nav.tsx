import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { useSavedViews } from '../saved-views'
import './saved-views-nav.css'

/** The person's saved views in the navigation: an item whose disclosure lists them, absent until a view is saved. */
export function SavedViewsNav({ person }: { person: string | null }) {
  const { t } = useTranslation()
  const views = useSavedViews(person)
  if (views.length === 0) return null
  return (
    <li>
      <details className="saved-views-nav">
        <summary>{t('app.savedViews')}</summary>
        <ul>
          {views.map((view) => (
            <li key={view.name}>
              <Link to={view.url}>{view.name}</Link>
            </li>
          ))}
        </ul>
      </details>
    </li>
  )
}
