import { describe, expect, it } from 'vitest'
import { catalogKeyOf, createFeatureMessages } from './feature-messages'
import { createTranslator, type Catalog } from './translator'

/** Catalog files as Vite's import.meta.glob gives them, counting the fetches. */
function files() {
  const fetched: string[] = []
  const file = (path: string, catalog: Catalog) =>
    [
      path,
      () => {
        fetched.push(path)
        return Promise.resolve(catalog)
      },
    ] as const
  return {
    fetched,
    files: Object.fromEntries([
      file('../features/request-detail/locales/en.json', { title: 'Request' }),
      file('../features/request-detail/locales/fr.json', { title: 'Demande' }),
      file('../features/dashboard/locales/en.json', { title: 'Dashboard' }),
      file('../features/dashboard/locales/fr.json', { title: 'Tableau de bord' }),
      file('../features/request-detail/locales/history/en.json', { history: { title: 'History' } }),
      file('../features/request-detail/locales/history/fr.json', { history: { title: 'Historique' } }),
    ]),
  }
}

function setUp(language: 'en' | 'fr') {
  // No fallback here: a French message missing shows its key.
  const i18n = createTranslator<string>({ language, fallbackLanguage: language })
  const catalogs = files()
  const messages = createFeatureMessages(i18n, catalogs.files)
  i18n.loadBeforeSwitch((next) => messages.prepare(next))
  return { i18n, fetched: catalogs.fetched, messages }
}

describe('feature message catalogs', () => {
  it('puts a feature under its camelCase key', () => {
    expect(catalogKeyOf('request-detail')).toBe('requestDetail')
    expect(catalogKeyOf('requests')).toBe('requests')
  })

  it('loads a feature’s messages in the current language only, once', async () => {
    const { i18n, fetched, messages } = setUp('fr')
    expect(i18n.t('requestDetail.title')).toBe('requestDetail.title')
    await messages.load('request-detail')
    await messages.load('request-detail')
    expect(i18n.t('requestDetail.title')).toBe('Demande')
    expect(fetched).toEqual(['../features/request-detail/locales/fr.json'])
  })

  it('fetches the new language of every loaded feature before a switch, and only of those', async () => {
    const { i18n, fetched, messages } = setUp('en')
    await messages.load('request-detail')
    await i18n.changeLanguage('fr')
    expect(i18n.t('requestDetail.title')).toBe('Demande')
    expect(fetched).not.toContain('../features/dashboard/locales/fr.json')
    await messages.load('dashboard')
    expect(i18n.t('dashboard.title')).toBe('Tableau de bord')
  })

  it('loads a page’s part of a feature apart, under the feature’s key, beside the rest of it', async () => {
    const { i18n, fetched, messages } = setUp('fr')
    await messages.load('request-detail')
    expect(i18n.t('requestDetail.history.title')).toBe('requestDetail.history.title')
    await messages.load('request-detail/history')
    expect(i18n.t('requestDetail.history.title')).toBe('Historique')
    expect(i18n.t('requestDetail.title')).toBe('Demande')
    expect(fetched).toEqual(['../features/request-detail/locales/fr.json', '../features/request-detail/locales/history/fr.json'])
  })

  it('refuses a feature without a catalog, naming the file to add', async () => {
    const { messages } = setUp('en')
    await expect(messages.load('catalog')).rejects.toThrow('src/features/catalog/locales/en.json')
  })

  it('tries again after a failed fetch', async () => {
    const i18n = createTranslator({ language: 'en', fallbackLanguage: 'en' })
    let attempts = 0
    const messages = createFeatureMessages(i18n, {
      '../features/x/locales/en.json': () => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ ok: 'yes' })),
    })
    await expect(messages.load('x')).rejects.toThrow('Failed to fetch')
    await messages.load('x')
    expect(i18n.t('x.ok')).toBe('yes')
  })

  it('loads every catalog in every language on demand (tests)', async () => {
    const { i18n, fetched, messages } = setUp('en')
    await messages.loadAll(['en', 'fr'])
    expect(fetched).toHaveLength(6)
    expect(i18n.messages('fr')['dashboard.title']).toBe('Tableau de bord')
    expect(i18n.messages('fr')['requestDetail.history.title']).toBe('Historique')
  })
})
