import { z } from 'zod/mini'
import { LIST_STORAGE_KEYS } from './first-view'

/**
 * The first-view cookie as the gateway reads it (docs/decisions/0026-first-view.md); src/lib/first-view.ts writes it.
 * A module of its own: the page writes the cookie with JSON alone, so its schema stays out of the page's scripts.
 */

/** Larger cookies are not read: the page writes a few hundred bytes. */
export const FIRST_VIEW_COOKIE_MAX_CHARS = 2_048

/** An IANA time zone name as Intl gives it ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5"). */
const ZTimeZone = z.string().check(z.maxLength(64), z.regex(/^[A-Za-z0-9_+\-/]+$/))

/** A BCP 47 language tag as a browser lists it ("en-US", "fr-CA", "zh-Hant-TW"). */
const ZLocale = z.string().check(z.maxLength(35), z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/))

/** The cookie's JSON (`rememberFirstView` in src/lib/first-view.ts writes it). */
export const ZFirstViewCookie = z.object({
  language: z.enum(['en', 'fr']),
  timeZone: ZTimeZone,
  /** The locale the person types dates and numbers in (`formLocale`): a form's first view shows its order. Absent before. */
  locale: z.optional(ZLocale),
  stored: z.partialRecord(z.enum([LIST_STORAGE_KEYS.columns, LIST_STORAGE_KEYS.density]), z.string().check(z.maxLength(512))),
})
