import { describe, expect, it } from 'vitest'
import { catalogsByLanguage } from './i18n'

const { en, fr } = catalogsByLanguage()

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

describe('catalogs that load with their pages', () => {
  const pages = import.meta.glob<object>('../features/dashboard/locales/*.json', { eager: true, import: 'default' })
  const catalog = (language: string) => Object.entries(pages).find(([path]) => path.endsWith(`/${language}.json`))?.[1] ?? {}

  it('have the same keys in English and French, none empty, and are not in the first page', () => {
    expect(keys(catalog('en')).length).toBeGreaterThan(0)
    expect(keys(catalog('fr')).sort()).toEqual(keys(catalog('en')).sort())
    for (const language of ['en', 'fr']) {
      for (const key of keys(catalog(language))) expect(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog(language)), key).not.toBe('')
    }
    expect(en).not.toHaveProperty('dashboard')
  })
})
