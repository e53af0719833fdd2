import { useState } from 'react'
import type { Request, RequestCategory } from '@contract/request'

/**
 * The question a termination or a cancellation asks before it is sent (docs/decisions/0014-creation-forms.md): the
 * body waits here, and `target` names what it ends: the service point a termination ends, the request a cancellation
 * closes. Other kinds are sent at once.
 */
export function useConfirmStep(kind: RequestCategory, source?: Request) {
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null)
  const needed = kind === 'termination' || kind === 'cancellation'
  const target =
    kind === 'termination'
      ? ((confirming?.properties as { servicePoint?: { id?: unknown } } | undefined)?.servicePoint?.id ?? '')
      : (confirming?.requestId ?? source?.id ?? '')
  return { needed, confirming, target: String(target), ask: setConfirming, close: () => setConfirming(null) }
}
