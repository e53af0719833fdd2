import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * The notice a page was reached with (`navigate(to, { state: { notice } })`): "Request REQ… was sent." after a
 * creation, a cancellation or a termination (docs/decisions/0014-creation-forms.md). The text comes worded by the
 * page that sent it. The live region is in the page before its text, so screen readers announce it.
 */
export function ArrivalNotice() {
  const location = useLocation()
  const notice = (location.state as { notice?: unknown } | null)?.notice
  const [shown, setShown] = useState('')
  useEffect(() => {
    if (typeof notice !== 'string') return
    const timer = setTimeout(() => setShown(notice), 50)
    return () => clearTimeout(timer)
  }, [notice, location.key])
  return (
    <div role="status" aria-live="polite" className={shown ? 'card arrival-notice' : 'arrival-notice arrival-notice--empty'}>
      {shown}
    </div>
  )
}
