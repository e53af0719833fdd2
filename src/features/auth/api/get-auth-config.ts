import { ZAuthConfig, type AuthConfig } from '@contract/gateway-sign-in'
import { gatewayRequest } from '@/lib/api-client'

export type { AuthConfig }

/** What the gateway tells the SPA about signing in (GET /auth/config). */
export async function getAuthConfig(): Promise<AuthConfig> {
  return (await gatewayRequest('/auth/config', ZAuthConfig)).data
}
