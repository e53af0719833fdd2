import { describe, expect, it, vi } from 'vitest'
import { createTranslator } from './translator'

const en = {
  list: {
    title: 'Requests',
    found_one: '{{total}} request found',
    found_other: '{{total}} requests found',
    found_many: '{{total}} requests found',
    daysLate_one: '{{count}} day late',
    daysLate_other: '{{count}} days late',
  },
  greeting: 'Hello {{name}}, welcome to {{ place }}',
  onlyEnglish: 'Only in English',
  onlyEnglishCount_one: 'one thing',
  onlyEnglishCount_other: '{{count}} things',
  noPlural: '{{count}} item(s)',
}

const fr = {
  list: {
    title: 'Demandes',
    found_one: '{{total}} demande trouvée',
    found_other: '{{total}} demandes trouvées',
    found_many: '{{total}} de demandes trouvées',
    daysLate_one: '{{count}} jour de retard',
    daysLate_other: '{{count}} jours de retard',
    daysLate_many: '{{count}} de jours de retard',
  },
  greeting: 'Bonjour {{name}}, bienvenue dans {{place}}',
  instances: '{{count}} instances de {{project}} à {{region}}',
}

function translator(language: 'en' | 'fr' = 'en', onMissingKey?: (key: string, language: string) => void) {
  return createTranslator<'en' | 'fr'>({ language, fallbackLanguage: 'en', messages: { en, fr }, onMissingKey })
}

/** A promise settled from outside: a catalog fetch the test finishes when it wants. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('t', () => {
  it('reads nested keys addressed with dots', () => {
    expect(translator().t('list.title')).toBe('Requests')
    expect(translator('fr').t('list.title')).toBe('Demandes')
  })

  it('puts values into their placeholders, as they are (React escapes what it renders)', () => {
    const { t } = translator()
    expect(t('greeting', { name: '<b>Ann</b> & co', place: 'Paris' })).toBe('Hello <b>Ann</b> & co, welcome to Paris')
    expect(t('list.daysLate', { count: 3 })).toBe('3 days late')
  })

  it('leaves a placeholder without a value as written, writes nothing for null or undefined, and never reads a value as a message', () => {
    const { t } = translator()
    expect(t('greeting', { name: 'Ann' })).toBe('Hello Ann, welcome to {{ place }}')
    expect(t('greeting')).toBe('Hello {{name}}, welcome to {{ place }}')
    expect(t('greeting', { name: null, place: undefined })).toBe('Hello , welcome to ')
    expect(t('greeting', { name: '{{place}}', place: 'Paris' })).toBe('Hello {{place}}, welcome to Paris')
  })

  it('picks the English plural form: one for 1, other for 0 and the rest', () => {
    const { t } = translator()
    expect([0, 1, 2, 1_000_000].map((count) => t('list.daysLate', { count }))).toEqual(['0 days late', '1 day late', '2 days late', '1000000 days late'])
    expect(t('list.found', { count: 1, total: '1' })).toBe('1 request found')
  })

  it('picks the French plural form: one for 0 and 1 (and 1.5), many for millions, other for the rest', () => {
    const { t } = translator('fr')
    expect([0, 1, 1.5, 2, 1000, 1_000_000].map((count) => t('list.daysLate', { count }))).toEqual([
      '0 jour de retard',
      '1 jour de retard',
      '1.5 jour de retard',
      '2 jours de retard',
      '1000 jours de retard',
      '1000000 de jours de retard',
    ])
    expect(t('list.found', { count: 2_000_000, total: '2 000 000' })).toBe('2 000 000 de demandes trouvées')
  })

  it('uses the key itself when the catalog has no plural forms for it', () => {
    expect(translator().t('noPlural', { count: 2 })).toBe('2 item(s)')
  })

  it('takes a message missing in French from English, with English plural rules', () => {
    const { t } = translator('fr')
    expect(t('onlyEnglish')).toBe('Only in English')
    expect(t('onlyEnglishCount', { count: 0 })).toBe('0 things')
    expect(t('onlyEnglishCount', { count: 1 })).toBe('one thing')
  })

  it('shows the key of a message no language has, telling onMissingKey, unless a default value is given', () => {
    const onMissingKey = vi.fn()
    const { t } = translator('fr', onMissingKey)
    expect(t('list.nothing')).toBe('list.nothing')
    expect(t('list', { count: 1 })).toBe('list')
    expect(onMissingKey.mock.calls).toEqual([
      ['list.nothing', 'fr'],
      ['list', 'fr'],
    ])
    expect(t('options.SIM_PIN', { defaultValue: 'SIM_PIN' })).toBe('SIM_PIN')
    expect(t('list.title', { defaultValue: 'unused' })).toBe('Demandes')
    expect(onMissingKey).toHaveBeenCalledTimes(2)
  })

  it('says whether a key has a message in the current language or in English', () => {
    const i18n = translator('fr')
    expect(i18n.exists('list.title')).toBe(true)
    expect(i18n.exists('onlyEnglish')).toBe(true)
    expect(i18n.exists('list.daysLate')).toBe(false)
    expect(i18n.exists('list')).toBe(false)
  })

  it('translates in a fixed language with getFixedT, the same function each time', () => {
    const i18n = translator('fr')
    expect(i18n.getFixedT('en')('list.title')).toBe('Requests')
    expect(i18n.getFixedT('en')).toBe(i18n.getFixedT('en'))
    expect(i18n.getFixedT('fr')).not.toBe(i18n.getFixedT('en'))
  })

  it('merges added messages with those already there', () => {
    const i18n = translator('fr')
    i18n.addMessages('fr', { dashboard: { title: 'Tableau de bord' } })
    expect(i18n.t('dashboard.title')).toBe('Tableau de bord')
    expect(i18n.t('list.title')).toBe('Demandes')
    expect(i18n.messages('fr')).toMatchObject({ 'dashboard.title': 'Tableau de bord', 'list.title': 'Demandes' })
  })
})

describe('changeLanguage', () => {
  it('fetches the new language’s catalogs first, then switches and tells subscribers once', async () => {
    const i18n = createTranslator<'en' | 'fr'>({ language: 'en', fallbackLanguage: 'en', messages: { en } })
    const fetch = deferred()
    const seen: string[] = []
    i18n.loadBeforeSwitch(async (language) => {
      await fetch.promise
      i18n.addMessages(language, fr)
    })
    i18n.subscribe(() => seen.push(`${i18n.language}: ${i18n.t('list.title')}`))

    const switched = i18n.changeLanguage('fr')
    await Promise.resolve()
    expect(i18n.language).toBe('en')
    expect(i18n.t('list.title')).toBe('Requests')
    expect(seen).toEqual([])

    fetch.resolve()
    await switched
    expect(i18n.language).toBe('fr')
    expect(seen).toEqual(['fr: Demandes'])
  })

  it('does not tell subscribers when the language stays, nor after they unsubscribe', async () => {
    const i18n = translator('en')
    const listener = vi.fn()
    const unsubscribe = i18n.subscribe(listener)
    await i18n.changeLanguage('en')
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
    await i18n.changeLanguage('fr')
    expect(listener).not.toHaveBeenCalled()
    expect(i18n.language).toBe('fr')
  })

  it('keeps the language when a catalog fails to arrive', async () => {
    const i18n = translator('en')
    const listener = vi.fn()
    i18n.subscribe(listener)
    i18n.loadBeforeSwitch(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(i18n.changeLanguage('fr')).rejects.toThrow('Failed to fetch')
    expect(i18n.language).toBe('en')
    expect(listener).not.toHaveBeenCalled()
  })

  it('ends on the language asked for last when switches overlap', async () => {
    const i18n = translator('en')
    const french = deferred()
    i18n.loadBeforeSwitch((language) => (language === 'fr' ? french.promise : Promise.resolve()))
    const toFrench = i18n.changeLanguage('fr')
    await i18n.changeLanguage('en')
    french.resolve()
    await toFrench
    expect(i18n.language).toBe('en')
  })
})

describe('French elision', () => {
  it('elides the word before a value that starts with a vowel, and only in French', () => {
    const t = translator('fr').getFixedT('fr')
    expect(t('instances', { count: 3, project: 'Acme', region: 'Paris' })).toBe('3 instances d’Acme à Paris')
    expect(t('instances', { count: 3, project: 'Élan', region: 'Paris' })).toBe('3 instances d’Élan à Paris')
    expect(t('instances', { count: 3, project: 'Blue Harbor', region: 'Paris' })).toBe('3 instances de Blue Harbor à Paris')
    expect(t('instances', { count: 3, project: 'Hambourg', region: 'Paris' })).toBe('3 instances de Hambourg à Paris')
  })
})
