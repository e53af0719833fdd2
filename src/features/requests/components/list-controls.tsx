import { useState, type SubmitEvent } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { saveView, deleteView, useSavedViews } from '../saved-views'

export type Density = 'compact' | 'comfortable'

/** Compact rows (the default: more requests on screen) or comfortable ones; a switch whose state is said. */
export function DensitySwitch({ density, onChange }: { density: Density; onChange: (density: Density) => void }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className="link-button"
      aria-pressed={density === 'comfortable'}
      onClick={() => onChange(density === 'compact' ? 'comfortable' : 'compact')}
    >
      {t('requests.density.comfortable')}
    </button>
  )
}

/** Names the current view and keeps it (this browser, this person); the saved ones, each a link and a delete. */
export function SaveView({ person, url }: { person: string | null; url: string }) {
  const { t } = useTranslation()
  const views = useSavedViews(person)
  const [saved, setSaved] = useState<string | null>(null)
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim()
    if (!name || !person) return
    saveView(person, { name: name.slice(0, 60), url })
    setSaved(name)
    event.currentTarget.reset()
  }
  // Views are kept per person (docs/decisions/0025-list-views.md): until the account is known, the control keeps its
  // place in the toolbar (nothing below it moves when it comes) and its panel says why it cannot save yet.
  return (
    <details className="save-view">
      <summary>{t('requests.views.save')}</summary>
      <div className="save-view__panel">
        {person && (
          <form onSubmit={submit} className="save-view__form">
            <label className="field">
              {t('requests.views.name')}
              <input type="text" name="name" required maxLength={60} autoComplete="off" />
            </label>
            <button type="submit" className="button button--small">
              {t('requests.views.saveButton')}
            </button>
          </form>
        )}
        <p role="status" className="muted">
          {person ? saved && t('requests.views.saved', { name: saved }) : t('requests.views.waitingForAccount')}
        </p>
        {views.length > 0 && (
          <ul className="save-view__list" aria-label={t('requests.views.listLabel')}>
            {views.map((view) => (
              <li key={view.name}>
                <a href={view.url}>{view.name}</a>{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('requests.views.delete', { name: view.name })}
                  onClick={() => person && deleteView(person, view.name)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  )
}
