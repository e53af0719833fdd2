import { globalMessagesEn } from './global-messages-en'
import { createFeatureMessages } from './feature-messages'
import { createTranslator, type Catalog } from './translator'

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

const warned = new Set<string>()
function warnMissingKey(key: string, language: Language) {
  if (warned.has(`${language}:${key}`)) return
  warned.add(`${language}:${key}`)
  console.warn(`i18n: no message for "${key}" in ${language} nor English; the key is shown`)
}

/**
 * The messages of the interface (src/i18n/translator.ts). It starts in English, the fallback language, whose
 * global messages are in the entry; `i18nReady` switches to the person's language, after fetching its global
 * messages (one small chunk per language): src/main.tsx waits for it before the first render, so a French
 * person sees neither English nor keys first.
 */
export const i18n = createTranslator<Language>({
  language: 'en',
  fallbackLanguage: 'en',
  messages: { en: globalMessagesEn },
  // In development (not in tests, which look for keys on the page themselves), a missing message is also told in the console.
  onMissingKey: import.meta.env.DEV && import.meta.env.MODE !== 'test' ? warnMissingKey : undefined,
})

const globalMessages: Record<Exclude<Language, 'en'>, () => Promise<Catalog>> = {
  fr: async () => (await import('./global-messages-fr')).globalMessagesFr,
}
const loadingGlobal = new Map<Language, Promise<void>>()

function loadGlobalMessages(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve()
  let pending = loadingGlobal.get(language)
  if (!pending) {
    pending = globalMessages[language]().then((catalog) => i18n.addMessages(language, catalog))
    // A failed fetch (network) is not remembered: the next switch tries again.
    pending.catch(() => loadingGlobal.delete(language))
    loadingGlobal.set(language, pending)
  }
  return pending
}

/**
 * Each feature keeps its own messages in `src/features/<name>/locales/{en,fr}.json`, under the key `<name>` in
 * camelCase (`t('requests.list.title')`), so features never edit each other's catalogs. They are not in the
 * entry: a route loads the catalogs of the features its page shows, with its code (`lazyPage` in
 * src/app/lazy-page.ts does both: `lazy: lazyPage(() => import('./routes/x'), 'x')`).
 */
const featureMessages = createFeatureMessages(
  i18n,
  import.meta.glob<Catalog>(
    ['../features/*/locales/*.json', '../features/*/locales/*/*.json', '!../features/auth/locales/*.json', '!../features/api-status/locales/*.json'],
    { import: 'default' },
  ),
)

// Before a switch shows, the new language's global messages and those of every feature loaded so far arrive.
i18n.loadBeforeSwitch(loadGlobalMessages)
i18n.loadBeforeSwitch((language) => featureMessages.prepare(language))

function reflectLanguage() {
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language
}
reflectLanguage()
i18n.subscribe(reflectLanguage)

/**
 * Settles once the person's language shows (at once for English). Should its messages fail to arrive (network),
 * the page stays in English rather than not showing: the next switch fetches them again.
 */
export const i18nReady: Promise<void> = i18n.changeLanguage(detectLanguage()).catch(() => undefined)

/** Loads the message catalogs of `features` (folder names under src/features) in the current language. */
export function loadMessages(...features: string[]): Promise<void> {
  return featureMessages.load(...features)
}

/** Every message in both languages: for tests, which render components without their routes. */
export async function loadAllMessages(): Promise<void> {
  await Promise.all([featureMessages.loadAll(LANGUAGES), ...LANGUAGES.map(loadGlobalMessages)])
}

/** Every catalog, global and features', merged per language as `t` sees them (by dotted key). */
export async function catalogsByLanguage(): Promise<Record<Language, Record<string, string>>> {
  await loadAllMessages()
  return { en: i18n.messages('en'), fr: i18n.messages('fr') }
}

export function currentLanguage(): Language {
  return i18n.language
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language)
  await i18n.changeLanguage(language)
}
