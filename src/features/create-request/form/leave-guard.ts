import { useEffect } from 'react'
import { useBlocker, type Location } from 'react-router'

/** Whether going from `current` to `next` leaves the form: another page does; the same page with another query or hash does not. */
export function leavesForm(current: Pick<Location, 'pathname'>, next: Pick<Location, 'pathname'>): boolean {
  return current.pathname !== next.pathname
}

/**
 * Asks before leaving a form with unsent changes (docs/decisions/0014-creation-forms.md): inside the console with
 * the router's blocker (the form shows its own question), and when the tab is closed or reloaded with the
 * browser's. `guarding` is read when someone leaves, so a form that was just sent lets the person go.
 */
export function useLeaveGuard(guarding: () => boolean, active: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && guarding() && leavesForm(currentLocation, nextLocation))
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => {
      if (!guarding()) return
      // preventDefault alone asks every browser we support to confirm (the HTML standard's way; returnValue is legacy).
      event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active, guarding])
  return blocker
}
