import { z } from 'zod/mini'
import { transformed, withMeta } from './schema-helpers'

/** A calendar date as the API writes it: `YYYY-MM-DD`. */
export const ZIsoDate = withMeta(z.iso.date(), { description: 'A calendar date, YYYY-MM-DD.' })

/** A timestamp as the API writes it: ISO 8601, UTC, with milliseconds. */
export const ZIsoTimestamp = withMeta(z.iso.datetime({ precision: 3 }), {
  description: 'ISO 8601 timestamp in UTC with milliseconds, for synchronization only.',
})

/**
 * A timestamp as an operator may write it (docs/decisions/0028-tolerant-reader.md): any ISO 8601 date and time, with
 * or without fractions of a second, in UTC, with an offset, or without either. Only our own sandbox promises
 * `ZIsoTimestamp`'s exact form.
 */
export const ZReadTimestamp = z.iso.datetime({ offset: true, local: true })

/** Headers every response of the platform carries, and the paging headers of list endpoints. */
export const HEADER = {
  requestId: 'X-OAPI-Request-Id',
  totalCount: 'X-Total-Count',
  resultCount: 'X-Result-Count',
  contentLocation: 'Content-Location',
  apiKey: 'x-api-key',
} as const

/** `X-Total-Count` and `X-Result-Count` as a client reads them. */
export const ZPagingHeaders = z.object({
  totalCount: z.coerce.number().check(z.int(), z.nonnegative()),
  resultCount: z.coerce.number().check(z.int(), z.nonnegative()),
})

/** Parses a `true`/`false` query value; anything else is refused so that a typo is not read as false. */
export const ZQueryBoolean = transformed(z.enum(['true', 'false'], { error: 'format.boolean' }), (value) => value === 'true')
