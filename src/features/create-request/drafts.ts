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
  } catch {
    // Nothing to do: a draft that cannot be removed cannot be read either.
  }
}
