import { describe, expect, it } from 'vitest'
import { catalogsByLanguage } from './i18n'

const { en, fr } = await catalogsByLanguage()

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

describe('message catalogs', () => {
  it('have the same keys in English and French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort())
  })

  it('have no empty message', () => {
    for (const catalog of [en, fr]) {
      for (const key of keys(catalog)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog)
        expect(value, key).not.toBe('')
      }
    }
  })
})
