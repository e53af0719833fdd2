import { useId } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import type { Request } from '@contract/request'
import { currentLanguage } from '@/i18n/i18n'
import { formatDateTime } from '@/lib/format'
import { timelineOf, type StageState } from '../timeline'
import { cancellationOf } from '../request-state'
import { codeText } from '@/lib/code-label'

const MARKER: Record<StageState, string> = { done: '✓', current: '●', completed: '✓', rejected: '✕', cancelled: '✕', upcoming: '○' }

/**
 * Where the request stands on its known path. Each stage says in words whether it is done, current or to come;
 * only the first stage (created) and the current one (last change) have a date, because the API gives no other.
 */
export function RequestTimeline({ request }: { request: Request }) {
  const { t } = useTranslation()
  const titleId = useId()
  const language = currentLanguage()
  const timeline = timelineOf(request, cancellationOf(request) !== undefined)
  const stageName = (step: Request['step'], subStep: Request['subStep']) =>
    t('requestDetail.timeline.stage', { step: codeText(t, 'requestDetail', 'step', step), subStep: codeText(t, 'requestDetail', 'subStep', subStep) })

  return (
    <section aria-labelledby={titleId} className="card">
      <h2 id={titleId}>{t('requestDetail.timeline.title')}</h2>
      {timeline.currentIndex === -1 && <p>{t('requestDetail.timeline.notOnPath', { position: stageName(request.step, request.subStep) })}</p>}
      <ol className="timeline">
        {timeline.stages.map((stage, index) => (
          <li
            key={`${stage.step}-${stage.subStep}`}
            className={`timeline__stage timeline__stage--${stage.state}`}
            aria-current={index === timeline.currentIndex ? 'step' : undefined}
          >
            <span className="timeline__marker" aria-hidden="true">
              {MARKER[stage.state]}
            </span>
            <span className="timeline__text">
              <span className="timeline__name">{stageName(stage.step, stage.subStep)}</span>
              <span className="timeline__state">{t(`requestDetail.timeline.state.${stage.state}`)}</span>
              {index === 0 && (
                <span className="timeline__date">{t('requestDetail.timeline.created', { date: formatDateTime(request.createdAt, language) })}</span>
              )}
              {index === timeline.currentIndex && (
                <span className="timeline__date">{t('requestDetail.timeline.lastUpdate', { date: formatDateTime(request.updatedAt, language) })}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
      <p className="muted">{t('requestDetail.timeline.note')}</p>
    </section>
  )
}
