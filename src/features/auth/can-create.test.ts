import { describe, expect, it } from 'vitest'
import { canCreate } from './can-create'

describe('who may create requests', () => {
  it('is whoever holds b2b:ordering', () => {
    expect(canCreate({ scopes: ['b2b:ordering'] })).toBe(true)
    expect(canCreate({ scopes: ['openid', 'b2b:ordering:readonly', 'b2b:ordering'] })).toBe(true)
  })

  it('is not a read-only person, nor someone without an ordering scope', () => {
    expect(canCreate({ scopes: ['b2b:ordering:readonly'] })).toBe(false)
    expect(canCreate({ scopes: ['openid', 'offline_access'] })).toBe(false)
    expect(canCreate({ scopes: [] })).toBe(false)
  })
})
