// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearPendingSend, draftKey, readDraft, readPendingSend, removeDraft, saveDraft, savePendingSend } from './drafts'

beforeEach(() => localStorage.clear())
afterEach(() => vi.restoreAllMocks())

describe('drafts', () => {
  it('one per person, item, action and source request: two forms never share one', () => {
    const keys = new Set([
      draftKey({ userId: 'alice', itemId: 'CI-1' }),
      draftKey({ userId: 'marc', itemId: 'CI-1' }),
      draftKey({ userId: 'alice', itemId: 'CI-2' }),
      draftKey({ userId: 'alice', itemId: 'CI-1', action: 'modify', from: 'REQ00000001' }),
      draftKey({ userId: 'alice', itemId: 'CI-1', action: 'modify', from: 'REQ00000002' }),
      draftKey({ userId: 'alice', itemId: 'CI-1', action: 'cancel', from: 'REQ00000001' }),
    ])
    expect(keys.size).toBe(6)
    // A subject holding the separator cannot reach another person's draft.
    expect(draftKey({ userId: 'a:b', itemId: 'c' })).not.toBe(draftKey({ userId: 'a', itemId: 'b:c' }))
  })

  it('keeps what was typed and when, and gives it back', () => {
    const key = draftKey({ userId: 'alice', itemId: 'CI-1' })
    saveDraft(key, { contract: 'ACM-000101', properties: { city: 'Lyon' } }, new Date('2026-11-23T10:00:00Z'))
    expect(readDraft(key)).toEqual({ savedAt: '2026-11-23T10:00:00.000Z', values: { contract: 'ACM-000101', properties: { city: 'Lyon' } } })
    removeDraft(key)
    expect(readDraft(key)).toBeNull()
  })

  it('reads nothing from a damaged or foreign entry, and never throws when storage refuses', () => {
    const key = draftKey({ userId: 'alice', itemId: 'CI-1' })
    localStorage.setItem(key, '{not json')
    expect(readDraft(key)).toBeNull()
    localStorage.setItem(key, JSON.stringify({ values: 'no' }))
    expect(readDraft(key)).toBeNull()
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => saveDraft(key, { a: 1 })).not.toThrow()
    expect(() => savePendingSend(key, { reference: 'R', since: 'S' })).not.toThrow()
  })

  it('keeps a send whose outcome is unknown beside the draft, so a reload checks again instead of sending again', () => {
    const key = draftKey({ userId: 'alice', itemId: 'CI-1' })
    saveDraft(key, { contract: 'ACM-000101' })
    savePendingSend(key, { reference: 'PO-4711', since: '2026-11-23T09:58:00.000Z' })
    expect(readPendingSend(key)).toEqual({ reference: 'PO-4711', since: '2026-11-23T09:58:00.000Z' })
    // Typing more does not forget it.
    saveDraft(key, { contract: 'ACM-000102' })
    expect(readPendingSend(key)).not.toBeNull()
    clearPendingSend(key)
    expect(readPendingSend(key)).toBeNull()
    expect(readDraft(key)?.values).toEqual({ contract: 'ACM-000102' })
    // Sent (created or found): draft and pending send go together.
    savePendingSend(key, { reference: 'PO-4711', since: 'x' })
    removeDraft(key)
    expect(readPendingSend(key)).toBeNull()
    expect(readDraft(key)).toBeNull()
  })
})
