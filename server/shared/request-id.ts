import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'

/**
 * The request id of a call (`X-OAPI-Request-Id`), for the sandbox and the gateway alike, and the one place one is
 * minted: the id the call was given first (the edge's `identify`, or the sandbox's first middleware when the gateway
 * reaches it in-process), else a new one, kept on the context so that every later reader gets the same. Without a
 * context (an answer the gateway makes up in place of the operator's, one Node answers itself), a new one.
 */
export function requestIdOf(c?: Context): string {
  const given = c?.get('requestId') as string | undefined
  if (given) return given
  const minted = randomUUID()
  c?.set('requestId', minted)
  return minted
}
