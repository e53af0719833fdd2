import { z } from 'zod/mini'

/**
 * The gateway's send guard (docs/decisions/0020-hostile-input-and-faults.md; reference 2: "A timeout or error
 * status does not prove that the request was not processed"). While a creation (POST /requests) for one customer
 * and customer reference is in flight through the gateway, a second one with the same pair is refused with 409
 * code `ERROR_CODE.sendInFlight`; the browser asks this endpoint whether its first send has finished before it
 * ever offers to send again.
 *
 * GET {SENDS_PATH}?customerReference=<ref>  (signed-in session; the customer is the session's)
 */
export const SENDS_PATH = '/api/gateway/sends'

export const ZSendStateQuery = z.object({
  customerReference: z.string().check(z.minLength(1), z.maxLength(18)),
})

export const ZSendState = z.object({
  customerReference: z.string(),
  /** True while a creation with this reference is being processed by the operator for the person's customer. */
  inFlight: z.boolean(),
})
export type SendState = z.infer<typeof ZSendState>
