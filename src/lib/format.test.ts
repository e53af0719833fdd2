import { describe, expect, it } from 'vitest'
import {
  boundedJsonText,
  dateDigitsPattern,
  formLocale,
  setPreferredLocales,
  parseDateDigits,
  formatBytes,
  formatCalendarDate,
  formatClockTime,
  countryNames,
  formatCountry,
  formatDateDigits,
  formatDateTime,
  formatDateTimeToSecond,
  formatNumber,
  formatPercent,
  listFormatters,
} from './format'

describe('formatBytes', () => {
  it('says small sizes in bytes and larger ones in binary units (one unit everywhere), in the language asked for', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes')
    expect(formatBytes(512, 'fr')).toBe('512\u00a0octets')
    expect(formatBytes(1536, 'en')).toBe('1.5\u00a0KiB')
    expect(formatBytes(1536, 'fr')).toBe('1,5\u00a0Kio')
    expect(formatBytes(1_048_576, 'en')).toBe('1\u00a0MiB')
  })
})

describe('formatCalendarDate', () => {
  it('shows the day the API gave, whatever the time zone', () => {
    expect(formatCalendarDate('2026-12-01', 'en')).toBe('Dec 1, 2026')
    expect(formatCalendarDate('2026-12-01', 'fr')).toBe('1 déc. 2026')
  })
})

describe('one date style and one time style per language', () => {
  it('writes a timestamp as the medium date and a 24-hour time, in every formatter', () => {
    const at = new Date(2026, 10, 27, 17, 46, 13)
    expect(formatDateTime(at.toISOString(), 'en')).toBe('Nov 27, 2026, 17:46')
    expect(formatDateTime(at.toISOString(), 'fr')).toBe('27 nov. 2026, 17:46')
    expect(listFormatters('en').timestamp(at.toISOString())).toBe('Nov 27, 2026, 17:46')
    expect(formatDateTimeToSecond(at.getTime(), 'en')).toBe('Nov 27, 2026, 17:46:13')
    expect(formatDateTimeToSecond(at.getTime(), 'fr')).toBe('27 nov. 2026, 17:46:13')
  })

  it('gives back what is not a date as it came', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon')
    expect(formatCalendarDate('someday', 'en')).toBe('someday')
  })

  it('shows the day of a timestamp given as a calendar date', () => {
    expect(formatCalendarDate('2026-12-01T00:00:00.000Z', 'en')).toBe('Dec 1, 2026')
  })

  it('writes a date as digits in the order of the locale, for the picker that loads', () => {
    expect(formatDateDigits('2026-12-01', 'en-GB')).toBe('01/12/2026')
    expect(formatDateDigits('2026-12-01', 'en-US')).toBe('12/01/2026')
    expect(formatDateDigits('2026-12', 'en-GB')).toBe('')
  })

  it('types dates in the browser’s variant of the language shown, else British English or France’s French; the gateway’s render sets it', () => {
    expect(formLocale('en', ['fr-CA', 'en-US', 'en'])).toBe('en-US')
    expect(formLocale('fr', ['en-US', 'fr'])).toBe('fr-FR')
    expect(formLocale('en', ['en'])).toBe('en-GB')
    setPreferredLocales(['en-AU'])
    try {
      expect(formLocale('en')).toBe('en-AU')
    } finally {
      setPreferredLocales(undefined)
    }
  })

  it('reads a date typed in that order back, with its pattern in letters, and refuses what is not a whole real date', () => {
    expect(parseDateDigits('01/12/2026', 'en-GB')).toBe('2026-12-01')
    expect(parseDateDigits('12/01/2026', 'en-US')).toBe('2026-12-01')
    expect(parseDateDigits(' 1.12.2026 ', 'fr-FR')).toBe('2026-12-01')
    expect(parseDateDigits('1-12-2026', 'en-GB')).toBe('2026-12-01')
    expect(parseDateDigits(formatDateDigits('2027-02-28', 'fr-FR'), 'fr-FR')).toBe('2027-02-28')
    for (const wrong of ['31/02/2027', '01/13/2026', '01/12', '1/12/26', '2026', '', 'tomorrow', '01/12/20266'])
      expect(parseDateDigits(wrong, 'en-GB'), wrong).toBeNull()
    expect(dateDigitsPattern('en-GB', { day: 'd', month: 'm', year: 'y' })).toBe('dd/mm/yyyy')
    expect(dateDigitsPattern('en-US', { day: 'd', month: 'm', year: 'y' })).toBe('mm/dd/yyyy')
    expect(dateDigitsPattern('fr-FR', { day: 'j', month: 'm', year: 'a' })).toBe('jj/mm/aaaa')
  })
})

describe('formatNumber and formatPercent', () => {
  it('write numbers and shares in the language asked for', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5')
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5')
    expect(formatPercent(0.3025, 'en')).toBe('30.3%')
    expect(formatPercent(0.3025, 'fr')).toBe('30,3\u00a0%')
  })
})

describe('formatClockTime', () => {
  it('writes HH:MM:SS on a 24-hour clock', () => {
    expect(formatClockTime(new Date(2026, 10, 22, 9, 5, 7).getTime(), 'en')).toBe('09:05:07')
    expect(formatClockTime(new Date(2026, 10, 22, 21, 5, 7).getTime(), 'fr')).toBe('21:05:07')
  })
})

describe('formatCountry', () => {
  it('names a country in the language asked for', () => {
    expect(formatCountry('FR', 'en')).toBe('France')
    expect(formatCountry('ES', 'fr')).toBe('Espagne')
  })
})

describe('boundedJsonText', () => {
  it('writes JSON text as JSON.stringify indents it, to a bounded depth', () => {
    const value = { a: [1, { b: 'x' }], c: {}, d: [], e: null }
    expect(boundedJsonText(value)).toBe(JSON.stringify(value, null, 2))
    expect(boundedJsonText({ a: { b: { c: 1 } }, l: [[1]] }, 2)).toBe('{\n  "a": {\n    "b": {…}\n  },\n  "l": [\n    […]\n  ]\n}')
  })

  it('writes a value nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = { x: deep }
    expect(boundedJsonText(deep, 3)).toBe('{\n  "x": {\n    "x": {\n      "x": {…}\n    }\n  }\n}')
  })
})

describe('countryNames', () => {
  it('names each country once, in the person’s language, sorted by name, with its two-letter code', () => {
    const english = countryNames('en')
    expect(english.find((country) => country.code === 'FR')?.name).toBe('France')
    expect(countryNames('fr').find((country) => country.code === 'DE')?.name).toBe('Allemagne')
    const names = english.map((country) => country.name)
    expect(new Set(names).size).toBe(names.length)
    expect(english.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true)
    expect(english.some((country) => ['EU', 'UN', 'ZZ', 'FX'].includes(country.code))).toBe(false)
    expect(english.length).toBeGreaterThan(240)
  })
})
