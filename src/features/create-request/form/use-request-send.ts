import { useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import type { ApiError } from '@/lib/api-error'
import { requestQueries } from '@/lib/queries/requests'
import { noteQuotaOutcome } from '@/lib/spent-quota'
import type { RequestCategory } from '@contract/request'
import { gatewaySendPort } from '../api/create-request'
import { clearPendingSend, readPendingSend, savePendingSend } from '../drafts'
import type { SendOutcome } from '../send-once/send-once'
import { useSendOnce } from '../send-once/use-send-once'

/**
 * Sending a body by the send-once protocol (docs/decisions/0014-creation-forms.md): once created (or found), the
 * lists are read again and the person lands on the request with a notice; a refusal goes to `onRefused`; a spent
 * quota is said on every page (docs/decisions/0032-application-quota.md).
 */
export function useRequestSend(key: string, kind: RequestCategory, handlers: { onSent: () => void; onRefused: (error: ApiError) => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const onOutcome = (outcome: SendOutcome) => {
    if (outcome.kind === 'created' || outcome.kind === 'found') {
      handlers.onSent()
      noteQuotaOutcome(queryClient, { success: true })
      void queryClient.invalidateQueries({ queryKey: requestQueries.all() })
      const notice = t(`createRequest.notice.${outcome.kind === 'found' ? 'found' : kind}`, { id: outcome.id })
      void navigate(`/requests/${encodeURIComponent(outcome.id)}`, { state: { notice } })
      return
    }
    if (outcome.kind !== 'unverified') clearPendingSend(key)
    if (outcome.kind === 'refused') {
      noteQuotaOutcome(queryClient, { error: outcome.error })
      handlers.onRefused(outcome.error)
    }
  }
  const pending = useMemo(() => ({ read: () => readPendingSend(key), save: (next: { reference: string; since: string }) => savePendingSend(key, next) }), [key])
  return useSendOnce(gatewaySendPort, onOutcome, pending)
}
