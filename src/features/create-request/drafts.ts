import { z } from 'zod/mini'

/**
 * Drafts of the creation forms, in this browser's local storage (docs/decisions/0014-creation-forms.md):
 * one per person (`sub`), catalog item, and action with its source request, so that two forms never share
 * one. A draft holds what was typed and when, never a token, and never file content.
 */
const PREFIX = 'ordering-console.draft.v1'

export interface DraftScope {
  userId: string
  itemId: string
  action?: string
  from?: string
}

const ZDraft = z.object({ savedAt: z.string(), values: z.record(z.string(), z.unknown()) })
export type Draft = z.infer<typeof ZDraft>

export function draftKey(scope: DraftScope): string {
  return [PREFIX, scope.userId, scope.itemId, scope.action ?? 'new', scope.from ?? ''].map(encodeURIComponent).join(':')
}

export function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key)
    if (!raw) return null
    const parsed = ZDraft.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function saveDraft(key: string, values: Record<string, unknown>, now = new Date()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: now.toISOString(), values } satisfies Draft))
  } catch {
    // Storage full or refused (private mode): the form keeps working, only the draft is not kept.
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key)
    localStorage.removeItem(pendingKey(key))
  } catch {
    // Nothing to do: a draft that cannot be removed cannot be read either.
  }
}

const ZPending = z.object({ reference: z.string(), since: z.string() })
const pendingKey = (key: string) => `${key}:pending`

/**
 * A send whose answer was not known yet when it started (docs/decisions/0014): kept beside the draft so that a
 * reload, an expired sign-in or a closed tab resumes checking for it instead of offering to send it again.
 */
export function savePendingSend(key: string, pending: z.infer<typeof ZPending>): void {
  try {
    localStorage.setItem(pendingKey(key), JSON.stringify(pending))
  } catch {
    // As for drafts: without storage, the check still runs while the page stays open.
  }
}

export function readPendingSend(key: string): z.infer<typeof ZPending> | null {
  try {
    const raw = localStorage.getItem(pendingKey(key))
    const parsed = raw ? ZPending.safeParse(JSON.parse(raw)) : null
    return parsed?.success ? parsed.data : null
  } catch {
    return null
  }
}

export function clearPendingSend(key: string): void {
  try {
    localStorage.removeItem(pendingKey(key))
  } catch {
    // Nothing to do.
  }
}
