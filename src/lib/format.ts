export interface ListFormatters {
  number: (value: number) => string
  /** A calendar date (`YYYY-MM-DD`), shown as that day wherever the person is. */
  day: (isoDate: string) => string
  /** A timestamp, in the person's time zone. */
  timestamp: (isoTimestamp: string) => string
}

/**
 * One date style and one time style in every language (docs/decisions/0037-one-way-each.md): a date is
 * `medium` ("Dec 1, 2026", "1 déc. 2026"), a time is a 24-hour clock, to the minute ("05:46") or, where the second
 * matters (a refresh, a check), to the second ("05:46:13"). `DATE` is `medium` written out, since `dateStyle` and
 * `hour` do not mix.
 */
const DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const satisfies Intl.DateTimeFormatOptions
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const satisfies Intl.DateTimeFormatOptions

const cache = new Map<string, ListFormatters>()

/**
 * The time zone timestamps show in: the runtime's own (the person's) in the browser; the browser's, as its first-view
 * cookie says, while the gateway renders a page's first view (src/entry-server.tsx, docs/decisions/0026-first-view.md).
 */
let displayTimeZone: string | undefined
export function setDisplayTimeZone(timeZone: string | undefined): void {
  displayTimeZone = timeZone
}

/**
 * The browser's preferred locales: `navigator.languages` in the browser; the browser's own, as its first-view cookie
 * says, while the gateway renders a page's first view (src/entry-server.tsx, docs/decisions/0026-first-view.md).
 */
let preferredLocales: readonly string[] | undefined
export function setPreferredLocales(locales: readonly string[] | undefined): void {
  preferredLocales = locales
}

/**
 * The person's locale for the dates and numbers they type (a form's, a sheet's): their browser's variant of the
 * console's language ("en-US", "fr-CA"), else British English or France's French.
 */
export function formLocale(
  language: string,
  preferred: readonly string[] = preferredLocales ?? (typeof navigator === 'undefined' ? [] : navigator.languages),
): string {
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === language && tag.includes('-')) ?? (language === 'fr' ? 'fr-FR' : 'en-GB')
}

/** Numbers and dates for the chosen language; Intl formatters are costly to build, so one set per language. */
export function listFormatters(language: string): ListFormatters {
  const key = displayTimeZone === undefined ? language : `${language} ${displayTimeZone}`
  let formatters = cache.get(key)
  if (!formatters) {
    const number = new Intl.NumberFormat(language)
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
    const timestamp = new Intl.DateTimeFormat(language, { ...DATE, ...TIME, timeZone: displayTimeZone })
    formatters = {
      number: (value) => number.format(value),
      day: (isoDate) => {
        const date = new Date(`${isoDate}T00:00:00Z`)
        return Number.isNaN(date.getTime()) ? isoDate : day.format(date)
      },
      timestamp: (isoTimestamp) => {
        const date = new Date(isoTimestamp)
        return Number.isNaN(date.getTime()) ? isoTimestamp : timestamp.format(date)
      },
    }
    cache.set(key, formatters)
  }
  return formatters
}

// --- One formatter module: every page formats numbers, sizes and dates here --------------------------

const numberFormats = new Map<string, Intl.NumberFormat>()

/** A count in the person's language ("1,234", "1 234"). */
export function formatNumber(value: number, language: string): string {
  let format = numberFormats.get(language)
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)))
  return format.format(value)
}

/** Binary units, because sizes are counted in 1,024s (the API's limits say "1 MiB"); French writes octets. */
const BYTE_UNITS: Record<'en' | 'fr', readonly string[]> = { en: ['KiB', 'MiB', 'GiB'], fr: ['Kio', 'Mio', 'Gio'] }

/** A size in bytes as a person reads it, in their language: "512 bytes", "1.5 KiB", "1,5 Kio", "1 MiB". */
export function formatBytes(size: number, language: string): string {
  if (size < 1024) return new Intl.NumberFormat(language, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(size)
  const units = language.startsWith('fr') ? BYTE_UNITS.fr : BYTE_UNITS.en
  let value = size / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)}\u00a0${units[unit]}`
}

/** A timestamp of the API (UTC) in the person's time zone and language. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { ...DATE, ...TIME }).format(date)
}

/** An instant to the second, in the person's time zone and language ("Nov 27, 2026, 05:46:13"): when a check was made. */
export function formatDateTimeToSecond(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { ...DATE, ...TIME, second: '2-digit' }).format(new Date(epochMs))
}

/** A timestamp's day alone ("23 Nov 2026"), in the person's time zone; the text given back when it is not a date. */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date)
}

/**
 * A calendar date of the API (`YYYY-MM-DD`): a day, not an instant, so it is shown as is, whatever the time zone; in
 * the one date style of every page, `medium` ("Dec 1, 2026", "1 déc. 2026"; docs/decisions/0034-form-and-wording.md).
 */
export function formatCalendarDate(date: string, language: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(day.getTime()) ? date : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(day)
}

/** A calendar date in digits, as a date picker's segments and a spreadsheet write it. */
const DIGITS = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' } as const

/**
 * A calendar date as digits in the order of the person's locale ("01/12/2026", "12/01/2026"): what a date picker's
 * segments show, for the text that stands in for it while it loads, and what a sheet holds (0035); empty when it is
 * not a date.
 */
export function formatDateDigits(date: string, locale: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(day.getTime())) return ''
  return new Intl.DateTimeFormat(locale, DIGITS).format(day)
}

/**
 * How `formatDateDigits` writes a date in `locale`, in letters: "dd/mm/yyyy" for British English, "mm/dd/yyyy" for
 * American, "jj/mm/aaaa" in French given its letters. Shown in an empty date field as the picker shows its segments.
 */
export function dateDigitsPattern(locale: string, letters: { day: string; month: string; year: string }): string {
  try {
    return new Intl.DateTimeFormat(locale, DIGITS)
      .formatToParts(0)
      .map((part) =>
        part.type === 'day'
          ? letters.day.repeat(2)
          : part.type === 'month'
            ? letters.month.repeat(2)
            : part.type === 'year'
              ? letters.year.repeat(4)
              : part.value,
      )
      .join('')
  } catch {
    return ''
  }
}

/**
 * A date typed as `formatDateDigits` writes it (day, month and year in the locale's order: `31/12/2026` in fr-FR and
 * en-GB, `12/31/2026` in en-US, with `/`, `.` or `-`), read back as YYYY-MM-DD; null when it is not a whole, real date.
 * What a person types in a form's date before its picker, and what a sheet holds (0035).
 */
export function parseDateDigits(text: string, locale: string): string | null {
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim())
  if (!parts) return null
  const [day, month] = monthBeforeDay(locale) ? [parts[2]!, parts[1]!] : [parts[1]!, parts[2]!]
  const date = `${parts[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
  const check = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date ? null : date
}

/** A time of day to the second, HH:MM:SS in every language. */
export function formatClockTime(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { ...TIME, second: '2-digit' }).format(new Date(epochMs))
}

const percentFormats = new Map<string, Intl.NumberFormat>()

/** A share (0.302) as a percentage to one decimal ("30.2%", "30,2 %"). */
export function formatPercent(share: number, language: string): string {
  let format = percentFormats.get(language)
  if (!format) percentFormats.set(language, (format = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 })))
  return format.format(share)
}

/** The browser's time zone ("Europe/Paris"), as its runtime names it for `language`. */
export function browserTimeZone(language: string): string {
  return new Intl.DateTimeFormat(language).resolvedOptions().timeZone
}

/** A two-letter country code as a name in the person's language, or the code when the runtime does not know it. */
export function formatCountry(code: string, language: string): string {
  try {
    return new Intl.DisplayNames(language, { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** Levels of JSON text written out before the rest is cut (a value from the API may be nested without limit). */
export const JSON_TEXT_DEPTH = 40

/**
 * `value` as indented JSON text, written out to `maxDepth` levels: deeper objects and lists show as `{…}` and `[…]`.
 * Recursion is bounded by `maxDepth`, where JSON.stringify's is not (docs/decisions/0020).
 */
export function boundedJsonText(value: unknown, maxDepth: number = JSON_TEXT_DEPTH): string {
  const write = (item: unknown, depth: number, indent: string): string => {
    if (item === null || typeof item !== 'object') return JSON.stringify(item) ?? 'null'
    const inner = `${indent}  `
    if (Array.isArray(item)) {
      if (item.length === 0) return '[]'
      if (depth >= maxDepth) return '[…]'
      return `[\n${item.map((entry) => inner + write(entry, depth + 1, inner)).join(',\n')}\n${indent}]`
    }
    const entries = Object.entries(item)
    if (entries.length === 0) return '{}'
    if (depth >= maxDepth) return '{…}'
    return `{\n${entries.map(([key, entry]) => `${inner}${JSON.stringify(key)}: ${write(entry, depth + 1, inner)}`).join(',\n')}\n${indent}}`
  }
  return write(value, 0, '')
}

/** Codes Intl names as regions that are not ISO 3166-1 countries today (reserved, withdrawn, the EU, the UN, test codes). */
const NOT_COUNTRIES = new Set(
  ['AC', 'CP', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ'].concat([
    'AN',
    'BU',
    'CS',
    'DD',
    'DY',
    'FX',
    'HV',
    'NH',
    'NT',
    'QU',
    'RH',
    'SU',
    'TP',
    'UK',
    'VD',
    'YD',
    'YU',
    'ZR',
  ]),
)
const countryLists = new Map<string, readonly { code: string; name: string }[]>()

/**
 * Every two-letter country code the runtime can name, with its name in the person's language, sorted by name: a
 * country is chosen by name and sent as its code (docs/decisions/0034-form-and-wording.md). Built once per language.
 */
export function countryNames(language: string): readonly { code: string; name: string }[] {
  let list = countryLists.get(language)
  if (list) return list
  let names: Intl.DisplayNames | undefined
  try {
    names = new Intl.DisplayNames(language, { type: 'region', fallback: 'none' })
  } catch {
    names = undefined
  }
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  const found: { code: string; name: string }[] = []
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second
      const name = NOT_COUNTRIES.has(code) ? undefined : names?.of(code)
      if (name && name !== code) found.push({ code, name })
    }
  }
  const collator = new Intl.Collator(language)
  list = found.sort((a, b) => collator.compare(a.name, b.name))
  countryLists.set(language, list)
  return list
}

// --- Dates as a spreadsheet writes them (docs/decisions/0035-bulk-order.md) ---------------------------------------

/** Whether the language writes the month before the day in digits (en-US), so that `12/04/2026` is 4 December. */
export function monthBeforeDay(language: string): boolean {
  try {
    const parts = new Intl.DateTimeFormat(language, DIGITS).formatToParts(new Date(Date.UTC(2026, 11, 31)))
    return parts.findIndex((part) => part.type === 'month') < parts.findIndex((part) => part.type === 'day')
  } catch {
    return false
  }
}
