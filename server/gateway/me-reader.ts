import { z } from 'zod/mini'

/**
 * The one thing the gateway reads of GET /me: the person's customer id (reference 1 does not show the body of /me).
 * Read tolerantly (STYLE.md, "the tolerant reader"): every other field may be anything or absent. A string, or a
 * number written as one; anything else is no customer, and what needs it degrades as when /me fails.
 */
const ZMeCustomerId = z.looseObject({
  customer: z.looseObject({ id: z.union([z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), z.number()]) }),
})

export function customerIdOf(body: unknown): string | null {
  const parsed = ZMeCustomerId.safeParse(body)
  return parsed.success ? String(parsed.data.customer.id) : null
}
