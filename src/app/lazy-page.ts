import type { ComponentType } from 'react'
import { loadMessages } from '@/i18n/i18n'

/**
 * A route's page, kept out of the entry: its code (the page, and the loader of a signed-in route: route-loaders.ts)
 * and the message catalogs of the features it shows (folder names under src/features) are fetched in parallel when
 * the route is first visited.
 *
 *   lazy: lazyPage(async () => ({ Component: (await import('@/features/auth/components/sign-in-page')).SignInPage }), 'auth'),
 *
 * Offline, the fetch waits for the connection instead of failing: the person stays on the page they were on, the
 * offline banner says the page opens when the connection is back (docs/decisions/0016-errors-faults-and-languages.md),
 * and no failed import is left in the browser's module map.
 */
export function lazyPage<Properties extends { Component: ComponentType }>(load: () => Promise<Properties>, ...features: string[]): () => Promise<Properties> {
  return async () => {
    await whenOnline()
    const [properties] = await Promise.all([load(), loadMessages(...features)])
    return properties
  }
}

/** Resolves at once when the browser says it is online, else at its next `online` event. */
export function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve()
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }))
}
