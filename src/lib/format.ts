export interface ListFormatters {
  number: (value: number) => string
  /** A calendar date (`YYYY-MM-DD`), shown as that day wherever the person is. */
  day: (isoDate: string) => string
  /** A timestamp, in the person's time zone. */
  timestamp: (isoTimestamp: string) => string
}

const cache = new Map<string, ListFormatters>()

/** Numbers and dates for the chosen language; Intl formatters are costly to build, so one set per language. */
export function listFormatters(language: string): ListFormatters {
  let formatters = cache.get(language)
  if (!formatters) {
    const number = new Intl.NumberFormat(language)
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
    const timestamp = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
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
    cache.set(language, formatters)
  }
  return formatters
}
