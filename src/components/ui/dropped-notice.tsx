import { useTranslation } from '@/i18n/use-translation'
import { readableCode } from '@contract/code-label'

/** A canonical parameter's name in the person's words: the list's column names, else the code made readable. */
const PARAMETER_LABEL: Record<string, string> = {
  id: 'id',
  name: 'name',
  customerReference: 'customerReference',
  type: 'type',
  category: 'category',
  status: 'status',
  step: 'step',
  subStep: 'subStep',
  'keyDates.requestedAt': 'requestedAt',
  'keyDates.requestedAt.gte': 'requestedAt',
  'keyDates.requestedAt.lte': 'requestedAt',
  isOverdue: 'delay',
  isArchived: 'isArchived',
  createdAt: 'createdAt',
  'createdAt.gte': 'createdAt',
  'createdAt.lte': 'createdAt',
  updatedAt: 'updatedAt',
  'updatedAt.gte': 'updatedAt',
  'updatedAt.lte': 'updatedAt',
}

/**
 * Says which filter or sort the operator did not accept (DROPPED_PARAMETERS_HEADER, docs/decisions/0027, 0028), in
 * words, in a polite live region; the page shows its list or counts without them. `sort` names the sort asked for.
 */
export function DroppedNotice({ dropped, sort, what }: { dropped: readonly string[]; sort?: string; what: 'list' | 'counts' }) {
  const { t } = useTranslation()
  const label = (parameter: string) => {
    const key = PARAMETER_LABEL[parameter]
    return key ? t(`app.dropped.field.${key}`) : readableCode(parameter)
  }
  const sentences = [...new Set(dropped)].flatMap((parameter) => {
    if (parameter === 'sort') {
      const field = (sort ?? '').split(',')[0]?.replace(/^-/, '') ?? ''
      return [t(`app.dropped.sort.${what}`, { field: field ? label(field) : t('app.dropped.field.any') })]
    }
    if (parameter === 'offset' || parameter === 'limit') return [t(`app.dropped.paging.${what}`)]
    if (parameter === 'fields') return []
    return [t(`app.dropped.filter.${what}`, { field: label(parameter) })]
  })
  const unique = [...new Set(sentences)]
  // Rendered only when there is something to say: a status region that appears with its text is announced.
  if (unique.length === 0) return null
  return (
    <p role="status" aria-live="polite" className="banner banner--warn">
      {unique.join(' ')}
    </p>
  )
}
