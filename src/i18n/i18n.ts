import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en.json'
import fr from './locales/fr.json'

type Catalog = Record<string, unknown>

/**
 * Each feature keeps its own messages in `src/features/<name>/locales/{en,fr}.json`, under the key
 * `<name>` in camelCase (`t('requests.list.title')`), so features never edit each other's catalogs.
 */
const featureCatalogs = import.meta.glob<Catalog>(['../features/*/locales/*.json', '!../features/dashboard/locales/*.json'], { eager: true, import: 'default' })
/**
 * Catalogs of features that only lazily loaded pages use: they load with those pages (`loadPageCatalogs`),
 * so the sign-in page does not carry them.
 */
const pageCatalogs = import.meta.glob<Catalog>('../features/dashboard/locales/*.json', { import: 'default' })

/** `<feature>` and language of a catalog's path, the feature's key in camelCase. */
function catalogOf(path: string): { feature: string; language: 'en' | 'fr' } | null {
  const match = /features\/([^/]+)\/locales\/(en|fr)\.json$/.exec(path)
  if (!match) return null
  return { feature: match[1]!.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), language: match[2] as 'en' | 'fr' }
}

export function catalogsByLanguage(): Record<'en' | 'fr', Catalog> {
  const merged: Record<'en' | 'fr', Catalog> = { en: { ...en }, fr: { ...fr } }
  for (const [path, catalog] of Object.entries(featureCatalogs)) {
    const found = catalogOf(path)
    if (found) merged[found.language][found.feature] = catalog
  }
  return merged
}

export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]
const STORAGE_KEY = 'ordering-console.language'

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The remembered choice, else the browser's first language we speak, else English. */
export function detectLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY)
  if (isLanguage(stored)) return stored
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return 'en'
}

export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(catalogsByLanguage()).map(([language, catalog]) => [language, { translation: catalog }])),
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
})

function reflectLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language
}
reflectLanguage(i18n.language)
i18n.on('languageChanged', reflectLanguage)

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language)
  await i18n.changeLanguage(language)
}

let pageCatalogsLoaded: Promise<void> | null = null

/** Adds the lazily loaded pages' catalogs (both languages, once); a route awaits it with its code. */
export function loadPageCatalogs(): Promise<void> {
  pageCatalogsLoaded ??= Promise.all(
    Object.entries(pageCatalogs).map(async ([path, load]) => {
      const found = catalogOf(path)
      if (found) i18n.addResourceBundle(found.language, 'translation', { [found.feature]: await load() }, true, true)
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      // A chunk that failed to arrive (offline) is asked for again next time.
      pageCatalogsLoaded = null
      throw error
    },
  )
  return pageCatalogsLoaded
}
