import { z } from 'zod/mini'

/** Router state the sign-out leaves behind, so that the sign-in page can say so and ask the next person for a password. */
export const ZSignedOutState = z.object({ signedOut: z.literal(true) })
export const SIGNED_OUT_STATE: z.infer<typeof ZSignedOutState> = { signedOut: true }
