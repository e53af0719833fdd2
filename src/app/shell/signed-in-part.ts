import { useEffect, useSyncExternalStore } from 'react'
import { atMostForFirstRender } from '../first-render'
import { whenOnline } from '../lazy-page'
import type * as SignedInHeaderModule from './signed-in-header'

type SignedInHeader = typeof SignedInHeaderModule

let loaded: SignedInHeader | undefined
let loading: Promise<SignedInHeader | undefined> | undefined
const listeners = new Set<() => void>()
const RETRY_MS = 3_000

/**
 * The header's signed-in part (navigation and account) is a chunk of its own, so that the sign-in page does without
 * it (docs/decisions/0024-delivery.md). A page that opens signed in waits for it before its first render (main.tsx),
 * as a signed-in route does on its first visit (router.tsx): the header shows with its navigation there.
 * Offline, the load waits for the connection; a load that fails is tried again while a header shows.
 */
export function loadSignedInHeader(): Promise<SignedInHeader | undefined> {
  loading ??= whenOnline()
    .then(() => import('./signed-in-header'))
    .then(
      (module) => {
        loaded = module
        for (const listener of listeners) listener()
        return module
      },
      () => {
        loading = undefined
        setTimeout(() => {
          if (listeners.size > 0) void loadSignedInHeader()
        }, RETRY_MS)
        return undefined
      },
    )
  return loading
}

/** What a page's first render waits for (main.tsx): the part when someone is signed in, within the first render's wait. */
export function signedInHeaderForFirstRender(signedIn: boolean): Promise<unknown> {
  if (!signedIn) return Promise.resolve()
  return atMostForFirstRender(loadSignedInHeader())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The signed-in part once loaded; asks for it when `signedIn` and it is not there yet. */
export function useSignedInHeader(signedIn: boolean): SignedInHeader | undefined {
  // The gateway's first view (docs/decisions/0026-first-view.md) has the part loaded, as a first render does.
  const part = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  )
  useEffect(() => {
    if (signedIn && !loaded) void loadSignedInHeader()
  }, [signedIn])
  return part
}
