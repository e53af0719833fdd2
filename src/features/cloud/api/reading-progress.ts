import { useSyncExternalStore } from 'react'
import type { PagesProgress } from '@/lib/read-all-pages'

/**
 * How far the reading of each cloud list has come, by query key: the query function writes it page by page, the
 * page reads it. It is not server state (the list itself is in the query cache), only the progress of a fetch.
 */
const progressByKey = new Map<string, PagesProgress>()
const listeners = new Set<() => void>()

function keyOf(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey)
}

export function reportProgress(queryKey: readonly unknown[], progress: PagesProgress | null): void {
  if (progress) progressByKey.set(keyOf(queryKey), progress)
  else progressByKey.delete(keyOf(queryKey))
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useReadingProgress(queryKey: readonly unknown[]): PagesProgress | null {
  const key = keyOf(queryKey)
  return useSyncExternalStore(
    subscribe,
    () => progressByKey.get(key) ?? null,
    () => null,
  )
}
