import { describe, expect, it } from 'vitest'
import { memoryStore } from './shared-store'

describe('memoryStore', () => {
  it('sets a key only once while it lives, and again after it expired', async () => {
    let t = 1_000
    const store = memoryStore(() => t)
    expect(await store.setIfAbsent('k', 'a', 100)).toBe(true)
    expect(await store.setIfAbsent('k', 'b', 100)).toBe(false)
    expect(await store.get('k')).toBe('a')
    t += 100
    expect(await store.get('k')).toBeNull()
    expect(await store.setIfAbsent('k', 'b', 100)).toBe(true)
  })

  it('deletes with a value only while the key still holds it', async () => {
    const store = memoryStore()
    await store.set('lock', 'owner-1', 1_000)
    await store.delete('lock', 'owner-2')
    expect(await store.get('lock')).toBe('owner-1')
    await store.delete('lock', 'owner-1')
    expect(await store.get('lock')).toBeNull()
  })
})
