import { randomUUID } from 'node:crypto'

/** An opaque, unique id for one answer (`X-OAPI-Request-Id`), for the sandbox and the gateway alike. */
export function newRequestId(): string {
  return randomUUID()
}
