import { describe, expect, it } from 'vitest'
import { flattenFields } from './flatten-fields'

describe('flattenFields', () => {
  it('lists the unknown fields by path, nested ones flattened', () => {
    const { fields, omitted } = flattenFields({ name: 'Known', region: 'EU', links: [{ href: 'https://x' }], quota: { used: 3, max: null }, tags: [] }, [
      'name',
    ])
    expect(fields).toEqual([
      { path: 'region', value: 'EU' },
      { path: 'links[0].href', value: 'https://x' },
      { path: 'quota.used', value: '3' },
      { path: 'quota.max', value: 'null' },
      { path: 'tags', value: '[]' },
    ])
    expect(omitted).toBe(0)
  })

  it('stops at its bound and counts what it left out', () => {
    const big = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${index}`, index]))
    const { fields, omitted } = flattenFields(big, [], 50)
    expect(fields).toHaveLength(50)
    expect(omitted).toBe(10)
  })
})
