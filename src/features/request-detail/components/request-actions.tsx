import { useId } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { Request } from '@contract/request'
import type { OperatorTraits } from '@contract/operator-profile'
import { actionHref, allowedActions } from '../request-actions'

/** The next steps the request's state and the person's access allow; nothing at all when there is none. */
export function RequestActions({ request, canCreate, traits }: { request: Request; canCreate: boolean; traits?: Pick<OperatorTraits, 'closedStatuses'> }) {
  const { t } = useTranslation()
  const titleId = useId()
  const actions = allowedActions(request, canCreate, traits)
  if (actions.length === 0) return null
  return (
    <section aria-labelledby={titleId} className="card">
      <h2 id={titleId}>{t('requestDetail.actions.title')}</h2>
      <ul className="request-actions">
        {actions.map((action) => (
          <li key={action}>
            <Link to={actionHref(action, request.id)} className="request-actions__link">
              {t(`requestDetail.actions.${action}`, { servicePoint: request.properties.servicePoint?.id })}
            </Link>{' '}
            <span className="muted">{t(`requestDetail.actions.${action}Hint`)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
