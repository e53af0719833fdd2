import { describe, expect, it } from 'vitest'
import { boundedJsonText, formatBytes, formatCalendarDate, formatClockTime, countryNames, formatCountry } from './format'

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
