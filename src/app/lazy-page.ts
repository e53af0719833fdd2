import type { ComponentType } from 'react'
import { loadMessages } from '@/i18n/i18n'

/**
 * A route's page, kept out of the entry: its code and the message catalogs of the features it shows
 * (folder names under src/features) are fetched in parallel when the route is first visited.
 *
 *   lazy: lazyPage(async () => (await import('./routes/home')).HomeRoute, 'dashboard'),
 */
export function lazyPage(load: () => Promise<ComponentType>, ...features: string[]): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const [Component] = await Promise.all([load(), loadMessages(...features)])
    return { Component }
  }
}
