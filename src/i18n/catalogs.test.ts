import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from './locales/en.json'
import { catalogsByLanguage } from './i18n'

type Tree = Record<string, unknown>

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

function valueAt(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree)
}

const placeholders = (message: unknown) => [...String(message).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort()

const FEATURES = join(import.meta.dirname, '..', 'features')
const readJson = (path: string): Tree => JSON.parse(readFileSync(path, 'utf8')) as Tree

/** The global catalogs and every feature's, each compared key by key between English and French. */
const catalogPairs: { name: string; en: Tree | null; fr: Tree | null }[] = [
  { name: 'src/i18n/locales', en: readJson(join(import.meta.dirname, 'locales', 'en.json')), fr: readJson(join(import.meta.dirname, 'locales', 'fr.json')) },
  ...readdirSync(FEATURES)
    .filter((feature) => existsSync(join(FEATURES, feature, 'locales')))
    .flatMap((feature) => {
      const locales = join(FEATURES, feature, 'locales')
      // A feature's catalogs, and the parts of it that its pages load apart (`locales/<part>/`).
      const parts = ['', ...readdirSync(locales, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []))]
      return parts.map((part) => {
        const file = (language: string) => join(locales, part, `${language}.json`)
        return {
          name: `src/features/${feature}/locales${part ? `/${part}` : ''}`,
          en: existsSync(file('en')) ? readJson(file('en')) : null,
          fr: existsSync(file('fr')) ? readJson(file('fr')) : null,
        }
      })
    }),
]

describe.each(catalogPairs)('the catalogs of $name', ({ en: english, fr: french }) => {
  it('exist in English and in French', () => {
    expect(english, 'en.json').not.toBeNull()
    expect(french, 'fr.json').not.toBeNull()
  })

  it('have every key in both languages', () => {
    const enKeys = keys(english ?? {})
    const frKeys = keys(french ?? {})
    expect(
      enKeys.filter((key) => !frKeys.includes(key)),
      'keys missing in fr.json',
    ).toEqual([])
    expect(
      frKeys.filter((key) => !enKeys.includes(key)),
      'keys missing in en.json',
    ).toEqual([])
  })

  it('have no empty message, and the same placeholders in both languages', () => {
    for (const key of keys(english ?? {})) {
      const frValue = french ? valueAt(french, key) : undefined
      expect(valueAt(english!, key), `en ${key}`).not.toBe('')
      expect(frValue, `fr ${key}`).not.toBe('')
      if (frValue !== undefined) expect(placeholders(frValue), `placeholders of ${key}`).toEqual(placeholders(valueAt(english!, key)))
    }
  })
})

describe('the merged catalogs', () => {
  it('have the same keys in English and French', async () => {
    const { en: english, fr: french } = await catalogsByLanguage()
    expect(keys(french).sort()).toEqual(keys(english).sort())
  })

  it('never let a feature catalog hide a global key of the same name', () => {
    const featureKeys = catalogPairs.slice(1).map(({ name }) => name.split('/')[2]!.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()))
    expect(featureKeys.filter((key) => key in en)).toEqual([])
  })
})
