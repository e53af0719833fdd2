import { z } from 'zod/mini'
import { gatewayRequest } from '@/lib/api-client'
import { CSRF_HEADERS } from '../csrf-headers'

/** POST /auth/logout: the gateway forgets the session's tokens (its cookies); the browser held none. */
export async function signOut(): Promise<void> {
  await gatewayRequest('/auth/logout', z.unknown(), { method: 'POST', headers: CSRF_HEADERS })
}
