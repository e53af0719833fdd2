const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

/** A size in bytes as a person reads it, in their language: "512 bytes", "1.5 kB", "1,5 ko". */
export function formatBytes(size: number, language: string): string {
  let value = size
  let unit = 0
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
}

/** A timestamp of the API (UTC) in the person's time zone and language. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

/** A calendar date of the API (`YYYY-MM-DD`): a day, not an instant, so it is shown as is, whatever the time zone. */
export function formatCalendarDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}

/** A time of day to the second, HH:MM:SS in every language. */
export function formatClockTime(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(epochMs))
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
