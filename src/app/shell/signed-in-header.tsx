import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { NavLink } from 'react-router'
import { meQueries } from '@/features/auth/api/get-me'
import { canCreate } from '@/features/auth/can-create'
import { SavedViewsNav } from '@/features/requests/components/saved-views-nav'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { rememberFirstView } from '@/lib/first-view'
import { personKey } from '@/lib/person-key'

export { AccountMenu } from '@/features/auth/components/account-menu'

/**
 * The header's part for a signed-in person: the navigation (with the saved views and, for those who may, the create
 * link) and the account. A chunk of its own, which the sign-in page never loads (signed-in-part.ts, 0024).
 */
export function SignedInNav({ cloud }: { cloud: boolean | undefined }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const me = useQuery(meQueries.me())
  // A signed-in page tells the gateway, for the list's next first view, the language it shows (and the time zone and
  // the list's columns and density): here, not in the entry, which the sign-in page loads (docs/decisions/0026).
  useEffect(() => rememberFirstView(language), [language])
  return (
    <nav aria-label={t('app.mainNavigation')}>
      <ul className="nav">
        <li>
          <NavLink to="/" end>
            {t('app.home')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/overdue">{t('app.overdue')}</NavLink>
        </li>
        <li>
          <NavLink to="/requests" end>
            {t('app.requests')}
          </NavLink>
        </li>
        {/* The person's saved list views (docs/decisions/0025): nothing until one is saved. */}
        <SavedViewsNav person={personKey(me.data)} />
        <li>
          <NavLink to="/catalog">{t('app.catalog')}</NavLink>
        </li>
        <li>
          <NavLink to="/bulk-order">{t('app.bulkOrder')}</NavLink>
        </li>
        {/* Only for the company whose cloud lists the console serves (0018): the gateway says so with the session. */}
        {cloud && (
          <li>
            <NavLink to="/cloud">{t('app.cloud')}</NavLink>
          </li>
        )}
        <li>
          <NavLink to="/me">{t('app.me')}</NavLink>
        </li>
        <li>
          <NavLink to="/api">{t('app.api')}</NavLink>
        </li>
        {/* Read-only people get no create action at all, rather than one that fails. It comes last, as the
            account arrives: nothing before it moves when it shows (docs/decisions/0033-layout-at-every-width.md). */}
        {me.isSuccess && canCreate(me.data) && (
          <li>
            <NavLink to="/requests/new">{t('app.newRequest')}</NavLink>
          </li>
        )}
      </ul>
    </nav>
  )
}
