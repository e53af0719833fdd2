import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en.json'
import fr from './locales/fr.json'
import authEn from '../features/auth/locales/en.json'
import authFr from '../features/auth/locales/fr.json'
import apiStatusEn from '../features/api-status/locales/en.json'
import apiStatusFr from '../features/api-status/locales/fr.json'
import { createFeatureMessages } from './feature-messages'

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
  // Only the global messages (src/i18n/locales), the sign-in's (every page's header and the sign-in page) and the
  // service status's (the layout's banners, and the Me and API pages, which open offline) are in the entry;
  // other features' arrive with their routes.
  resources: {
    en: { translation: { ...en, auth: authEn, apiStatus: apiStatusEn } },
    fr: { translation: { ...fr, auth: authFr, apiStatus: apiStatusFr } },
  },
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

/**
 * Each feature keeps its own messages in `src/features/<name>/locales/{en,fr}.json`, under the key `<name>` in
 * camelCase (`t('requests.list.title')`), so features never edit each other's catalogs. They are not in the
 * entry: a route loads the catalogs of the features its page shows, with its code (`lazyPage` in
 * src/app/lazy-page.ts does both: `lazy: lazyPage(() => import('./routes/x'), 'x')`).
 */
const featureMessages = createFeatureMessages(
  i18n,
  import.meta.glob<Record<string, unknown>>(['../features/*/locales/*.json', '!../features/auth/locales/*.json', '!../features/api-status/locales/*.json'], { import: 'default' }),
)

/** Loads the message catalogs of `features` (folder names under src/features) in the current language. */
export function loadMessages(...features: string[]): Promise<void> {
  return featureMessages.load(...features)
}

/** Every feature's messages in both languages: for tests, which render components without their routes. */
export function loadAllMessages(): Promise<void> {
  return featureMessages.loadAll(LANGUAGES)
}

/** Every catalog, global and features', merged per language as `t` sees them. */
export async function catalogsByLanguage(): Promise<Record<Language, Record<string, unknown>>> {
  await loadAllMessages()
  const bundle = (language: Language): Record<string, unknown> => i18n.getResourceBundle(language, 'translation')
  return { en: bundle('en'), fr: bundle('fr') }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language)
  // The features already on screen get their messages in the new language before it shows.
  await featureMessages.prepare(language)
  await i18n.changeLanguage(language)
}
