import { CSRF_HEADER } from '@contract/gateway-auth'

/** The gateway's CSRF rule for /auth/token and /auth/logout (docs/decisions/0011-sign-in.md). */
export const CSRF_HEADERS = { [CSRF_HEADER.name]: CSRF_HEADER.value }
