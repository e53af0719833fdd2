/** A message catalog as written in `locales/*.json`: nested objects whose leaves are messages. */
export type Catalog = { readonly [key: string]: string | Catalog }

/**
 * What `t` accepts besides the key: values for `{{name}}` placeholders, `count` (which also picks the plural
 * form) and `defaultValue` (shown when no language has the key).
 */
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown }

export type TFunction = (key: string, options?: TOptions) => string

/**
 * The messages of the interface, in the subset of i18next's format the catalogs use (i18next ran them before
 * this module; the behaviour is kept, so the catalogs did not change):
 *
 * - keys address nested objects with dots: `t('requests.list.title')`;
 * - `{{name}}` is replaced by the value passed as `name`, as is (React escapes what it renders); a placeholder
 *   without a value passed stays as written, so that it shows;
 * - with `count`, `key_<form>` is looked up first, `<form>` being `Intl.PluralRules(language).select(count)`
 *   (`one`, `other`, `many` in French…), then `key`;
 * - a key missing in the current language is taken from the fallback language, then `defaultValue`, else the
 *   key itself is shown, so that a missing message is visible (tests and the French walk look for keys).
 *
 * A language switch first runs every registered loader for the new language (catalogs), then switches and
 * tells subscribers (React re-renders through useSyncExternalStore), so a page never shows a key while it
 * switches.
 */
export type Translator<L extends string> = {
  /** The language messages are shown in. */
  readonly language: L
  /** Translates in the current language. */
  readonly t: TFunction
  /** `t` in a given language; the same function every time for one language, so it can be a dependency. */
  getFixedT(language: L): TFunction
  /** Whether the key has a message in the current language or the fallback language. */
  exists(key: string): boolean
  /** Adds (or replaces) messages of `language`; nested objects become dotted keys. */
  addMessages(language: L, catalog: Catalog): void
  /** Every message of `language`, by dotted key. */
  messages(language: L): Record<string, string>
  /** Registers work (fetching catalogs) that must finish before a switch to a language shows. */
  loadBeforeSwitch(load: (language: L) => Promise<void>): void
  /** Runs the loaders for `language`, then switches to it. When switches overlap, the last one asked for wins. */
  changeLanguage(language: L): Promise<void>
  /** Calls `listener` after each language switch; returns the function that stops it. */
  subscribe(listener: () => void): () => void
}

/** The messages of every language, flattened to dotted keys, and the lookup of a key (its plural form first, then English). */
function createCatalogs<L extends string>(fallbackLanguage: L, initial: Partial<Record<L, Catalog>>) {
  const byLanguage = new Map<L, Map<string, string>>()
  const pluralRules = new Map<L, Intl.PluralRules>()

  function flatten(catalog: Catalog, prefix: string, into: Map<string, string>) {
    for (const [key, value] of Object.entries(catalog)) {
      if (typeof value === 'string') into.set(prefix + key, value)
      else flatten(value, `${prefix}${key}.`, into)
    }
  }

  function addMessages(language: L, catalog: Catalog) {
    const messages = byLanguage.get(language) ?? new Map<string, string>()
    flatten(catalog, '', messages)
    byLanguage.set(language, messages)
  }

  function pluralForm(language: L, count: number): string {
    let rules = pluralRules.get(language)
    if (!rules) {
      rules = new Intl.PluralRules(language)
      pluralRules.set(language, rules)
    }
    return rules.select(count)
  }

  function lookup(language: L, key: string, count: number | undefined): string | undefined {
    const messages = byLanguage.get(language)
    if (!messages) return undefined
    return (count === undefined ? undefined : messages.get(`${key}_${pluralForm(language, count)}`)) ?? messages.get(key)
  }

  function find(language: L, key: string, count: number | undefined): string | undefined {
    return lookup(language, key, count) ?? (language === fallbackLanguage ? undefined : lookup(fallbackLanguage, key, count))
  }

  for (const [language, catalog] of Object.entries(initial) as [L, Catalog][]) addMessages(language, catalog)
  return { byLanguage, find, addMessages }
}

export function createTranslator<L extends string>(options: {
  language: L
  fallbackLanguage: L
  messages?: Partial<Record<L, Catalog>>
  /** Called when a key is shown as is because no language has it (development warnings). */
  onMissingKey?: (key: string, language: L) => void
}): Translator<L> {
  const { fallbackLanguage, onMissingKey } = options
  let current = options.language
  let switches = 0
  const fixed = new Map<L, TFunction>()
  const loaders: ((language: L) => Promise<void>)[] = []
  const listeners = new Set<() => void>()
  const { byLanguage, find, addMessages } = createCatalogs(fallbackLanguage, options.messages ?? {})

  function interpolate(message: string, values: TOptions | undefined, language: L): string {
    if (!values || !message.includes('{{')) return message
    return elide(message, values, language).replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
      if (!Object.hasOwn(values, name)) return placeholder
      const value = values[name]
      return value === undefined || value === null ? '' : String(value)
    })
  }

  function translate(language: L, key: string, options?: TOptions): string {
    const count = typeof options?.count === 'number' ? options.count : undefined
    const message = find(language, key, count) ?? options?.defaultValue
    if (message === undefined) {
      onMissingKey?.(key, language)
      return key
    }
    return interpolate(message, options, language)
  }

  function getFixedT(language: L): TFunction {
    let t = fixed.get(language)
    if (!t) {
      t = (key, options) => translate(language, key, options)
      fixed.set(language, t)
    }
    return t
  }

  return {
    get language() {
      return current
    },
    t: (key, options) => translate(current, key, options),
    getFixedT,
    exists: (key) => find(current, key, undefined) !== undefined,
    addMessages,
    messages: (language) => Object.fromEntries(byLanguage.get(language) ?? []),
    loadBeforeSwitch(load) {
      loaders.push(load)
    },
    async changeLanguage(language) {
      const ticket = ++switches
      await Promise.all(loaders.map((load) => load(language)))
      if (ticket !== switches || language === current) return
      current = language
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** French words that lose their vowel before one: "de Acme" is "d’Acme", "le opérateur" "l’opérateur". */
const ELIDED = /(^|[\s(«])(de|De|le|Le|la|La|que|Que|ne|Ne) \{\{\s*(\w+)\s*\}\}/g
/** A value that starts with a vowel sound (not an h, which may be aspirated: "de Hambourg" stays). */
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i

/**
 * A French message elides the word before a placeholder whose value starts with a vowel, whatever the value (a
 * company's or a project's name): the one place that knows, instead of each message working around it
 * (docs/decisions/0033-layout-at-every-width.md).
 */
function elide(message: string, values: TOptions, language: string): string {
  if (!language.startsWith('fr')) return message
  return message.replace(ELIDED, (whole, before: string, word: string, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined
    return typeof value === 'string' && VOWEL.test(value) ? `${before}${word.slice(0, -1)}’{{${name}}}` : whole
  })
}
