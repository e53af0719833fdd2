import { useEffect, useRef, useState } from 'react'

/**
 * The error summary takes the focus on a refused send (docs/decisions/0014-creation-forms.md): once it is on the page,
 * after the first render that shows it (react-hook-form may commit the errors a render after its invalid callback),
 * not at a guessed moment.
 */
export function useSummaryFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [, setRequests] = useState(0)
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current || !headingRef.current) return
    pending.current = false
    headingRef.current.focus()
  })
  const focusSummary = () => {
    pending.current = true
    setRequests((count) => count + 1)
  }
  return { headingRef, focusSummary }
}
