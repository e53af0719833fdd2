import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en.json'
import fr from './locales/fr.json'

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
  resources: { en: { translation: en }, fr: { translation: fr } },
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
