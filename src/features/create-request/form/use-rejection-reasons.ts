import { useMemo } from 'react'
import type { RejectionReason, Request } from '@contract/request'
import { useTranslation } from '@/i18n/use-translation'
import type { RequestAction } from '../choose-item'
import type { FormField } from '../schema/form-model'
import { placeReasons } from './rejection-reasons'

/** Why the request being resubmitted was rejected: worded on the fields they concern, the others for a note above the form. */
export function useRejectionReasons(action: RequestAction | undefined, source: Request | undefined, model: FormField) {
  const { t } = useTranslation()
  return useMemo((): { byField: Record<string, string>; unplaced: RejectionReason[] } => {
    if (action !== 'resubmit' || !source) return { byField: {}, unplaced: [] }
    const placed = placeReasons(source.rejectionReasons, model)
    return {
      byField: Object.fromEntries(Object.entries(placed.byField).map(([name, message]) => [name, t('createRequest.form.rejectedBecause', { message })])),
      unplaced: placed.unplaced,
    }
  }, [action, source, model, t])
}
