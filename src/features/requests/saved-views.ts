import { useSyncExternalStore } from 'react'
import { z } from 'zod/mini'
import { localStore, readJson, writeJson } from '@/lib/browser-storage'

/**
 * Saved views of the requests list: a name and the list's URL (filters, sort, page size and columns), kept in this
 * browser per person. The view is its URL, so sharing one is sharing its link (docs/decisions/0025).
 */
export interface SavedView {
  name: string
  /** `/requests?…`, with `columns=` for the columns shown. */
  url: string
}

export const SAVED_VIEWS_LIMIT = 30
const CHANGE_EVENT = 'ordering-console:saved-views'
const keyOf = (person: string) => `ordering-console.views.${person}`
const ZViews = z.array(z.object({ name: z.string().check(z.minLength(1), z.maxLength(60)), url: z.string().check(z.regex(/^\/requests(\?|$)/)) }))

const EMPTY: SavedView[] = []
let cache: { key: string; text: string | null; views: SavedView[] } | null = null

export function readSavedViews(person: string | null): SavedView[] {
  if (!person) return EMPTY
  const key = keyOf(person)
  const text = localStore()?.getItem(key) ?? null
  // The same array while nothing changed, as useSyncExternalStore needs.
  if (cache?.key === key && cache.text === text) return cache.views
  const parsed = ZViews.safeParse(readJson(localStore(), key))
  cache = { key, text, views: parsed.success ? parsed.data : EMPTY }
  return cache.views
}

function write(person: string, views: SavedView[]) {
  writeJson(localStore(), keyOf(person), views.slice(0, SAVED_VIEWS_LIMIT))
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** Saves a view under its name; a view of the same name is replaced, and the newest comes first. */
export function saveView(person: string, view: SavedView): void {
  write(person, [view, ...readSavedViews(person).filter((v) => v.name !== view.name)])
}

export function deleteView(person: string, name: string): void {
  write(
    person,
    readSavedViews(person).filter((v) => v.name !== name),
  )
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange)
  // Another tab of the same browser saved or deleted one.
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange)
    window.removeEventListener('storage', onChange)
  }
}

export function useSavedViews(person: string | null): SavedView[] {
  return useSyncExternalStore(
    subscribe,
    () => readSavedViews(person),
    () => EMPTY,
  )
}
