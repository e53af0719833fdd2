import type { Catalog } from './translator'

/** What feature catalogs need of the translator: the current language, and a place to put messages. */
type MessageStore = { readonly language: string; addMessages(language: string, catalog: Catalog): void }
type CatalogFiles = Record<string, () => Promise<Catalog>>

/**
 * `request-detail` → `requestDetail`: the key a feature's messages live under (`t('requestDetail.title')`). A page's
 * part of a feature's messages (`auth/pages`) lives under the feature's key too (`t('auth.me.title')`).
 */
export function catalogKeyOf(feature: string): string {
  return feature.split('/')[0]!.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/**
 * Feature message catalogs loaded on demand: a feature's messages arrive with the route that shows it (one
 * small chunk per feature and language), and a language switch first fetches the new language of every
 * feature loaded so far, so that no page shows a key while it switches.
 *
 * `files` maps `…/features/<name>/locales/<language>.json` to a loader (Vite's `import.meta.glob`), and
 * `…/features/<name>/locales/<part>/<language>.json` too: the messages of a feature's pages that are not where
 * the rest of the feature is (the account and API pages' own, out of the entry's global catalogs), loaded as
 * `<name>/<part>`.
 */
export function createFeatureMessages(i18n: MessageStore, files: CatalogFiles) {
  const byFeature = new Map<string, Map<string, () => Promise<Catalog>>>()
  for (const [path, load] of Object.entries(files)) {
    const match = /features\/([^/]+)\/locales\/(?:([^/]+)\/)?([a-z]{2})\.json$/.exec(path)
    if (!match) continue
    const id = match[2] ? `${match[1]!}/${match[2]}` : match[1]!
    const languages = byFeature.get(id) ?? new Map<string, () => Promise<Catalog>>()
    languages.set(match[3]!, load)
    byFeature.set(id, languages)
  }
  const wanted = new Set<string>()
  const loading = new Map<string, Promise<void>>()

  function loadOne(feature: string, language: string): Promise<void> {
    const id = `${feature}/${language}`
    let pending = loading.get(id)
    if (!pending) {
      const load = byFeature.get(feature)?.get(language)
      if (!load) return Promise.reject(new Error(`No message catalog src/features/${feature}/locales/${language}.json`))
      pending = load().then((catalog) => {
        i18n.addMessages(language, { [catalogKeyOf(feature)]: catalog })
      })
      // A failed fetch (network) is not remembered: the next navigation tries again.
      pending.catch(() => loading.delete(id))
      loading.set(id, pending)
    }
    return pending
  }

  return {
    features: () => [...byFeature.keys()],
    /** Loads the features' messages in the current language and remembers them for language switches. */
    load(...features: string[]): Promise<void> {
      for (const feature of features) wanted.add(feature)
      return Promise.all(features.map((feature) => loadOne(feature, i18n.language))).then(() => undefined)
    },
    /** The messages of every feature loaded so far, in `language`: call before switching to it. */
    prepare(language: string): Promise<void> {
      return Promise.all([...wanted].map((feature) => loadOne(feature, language))).then(() => undefined)
    },
    /** Every catalog in every language (tests, and the check that English and French have the same keys). */
    loadAll(languages: readonly string[]): Promise<void> {
      return Promise.all([...byFeature.keys()].flatMap((feature) => languages.map((language) => loadOne(feature, language)))).then(() => undefined)
    },
  }
}
