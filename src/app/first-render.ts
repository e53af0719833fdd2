import type { QueryClient } from '@tanstack/react-query'
import type { DataRouter } from 'react-router'

/**
 * The longest a page's first render waits for what it shows (docs/decisions/0024-delivery.md): the HTML preloads it
 * with the entry, so it is usually there; offline or on a stalled connection the page shows (with its banners), and
 * the rest when it comes.
 */
export const FIRST_RENDER_WAIT_MS = 2_000

/** `ready`, or FIRST_RENDER_WAIT_MS, whichever comes first. */
export function atMostForFirstRender(ready: Promise<unknown>): Promise<unknown> {
  return Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))])
}

/**
 * Resolves once the router holds the opened page's code and messages (its first navigation has ended), so that the
 * first frame is the page itself rather than the shell's placeholder, evaluated and laid out before anything paints.
 */
export function openedPageLoaded(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * Resolves once no query is fetching: with the gateway's first view on screen (docs/decisions/0026-first-view.md), the
 * page's first render waits for the answers the HTML holds, so that it hydrates the view with the same rows, not with
 * a loading state.
 */
export function queriesSettled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return
      unsubscribe()
      resolve()
    })
  })
}

/** Code a page's first render needs beyond its route's module (a part its loader starts), by the loader that started it. */
const neededCode = new Set<Promise<unknown>>()

/**
 * Says that the opened page's first render needs `load` (say, the form's code, which its route starts with its data):
 * the first render waits for it as for the page's module, so that a first view hydrates the very component the gateway
 * rendered (docs/decisions/0026-first-view.md, amended 2026-11-27). A load that fails is waited for no longer.
 */
export function firstRenderNeeds(load: Promise<unknown>): void {
  const settled = load.then(
    () => undefined,
    () => undefined,
  )
  neededCode.add(settled)
  void settled.then(() => neededCode.delete(settled))
}

/** Resolves once the code the opened page said it needs has loaded (or failed). */
export function neededCodeLoaded(): Promise<void> {
  return Promise.all([...neededCode]).then(() => undefined)
}
