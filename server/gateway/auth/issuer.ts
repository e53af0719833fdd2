import { z } from 'zod/mini'

/**
 * The ID token's expected `iss` (docs/decisions/0027-operator-profile.md): the profile's `issuer` when it names one;
 * else the `issuer` of the operator's OpenID discovery document when it publishes one; else the issuer derived from
 * OIDC_BASE_URL (server/config.ts). The document is asked for once, when a sign-in or /auth/config first needs the
 * issuer, within DISCOVERY_TIMEOUT_MS; an operator that publishes none keeps the derived issuer, and one that could
 * not be reached is asked again after DISCOVERY_RETRY_MS.
 */

export const DISCOVERY_TIMEOUT_MS = 3_000
export const DISCOVERY_RETRY_MS = 60_000

/** Where a discovery document may be, and how to reach it (the sandbox in-process, or the network). */
export interface DiscoveryDocument {
  url: string
  fetch: (request: Request) => Promise<Response>
}

/** What the gateway reads of a discovery document: its issuer, nothing else (OpenID Connect Discovery 1.0, 3). */
const ZDiscoveredIssuer = z.looseObject({ issuer: z.url({ protocol: /^https?$/ }) })

export function operatorIssuer(options: {
  profileIssuer?: string
  derived: string
  /** Tried in order; the first that answers a document with an issuer wins. */
  documents: DiscoveryDocument[]
  now: () => number
}): () => Promise<string> {
  if (options.profileIssuer) {
    const issuer = options.profileIssuer
    return async () => issuer
  }
  let known: { issuer: string; until: number } | null = null
  let pending: Promise<string> | null = null

  /** The issuer of one document, `none` when it is not published there, `unreachable` when it could not be asked. */
  const ask = async (document: DiscoveryDocument): Promise<string | 'none' | 'unreachable'> => {
    try {
      const response = await document.fetch(
        new Request(document.url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) }),
      )
      if (!response.ok) {
        await response.body?.cancel()
        return response.status >= 500 ? 'unreachable' : 'none'
      }
      const parsed = ZDiscoveredIssuer.safeParse(await response.json())
      return parsed.success ? parsed.data.issuer : 'none'
    } catch {
      return 'unreachable'
    }
  }

  const discover = async (): Promise<string> => {
    let unreachable = false
    for (const document of options.documents) {
      const found = await ask(document)
      if (found === 'unreachable') unreachable = true
      else if (found !== 'none') {
        known = { issuer: found, until: Infinity }
        return found
      }
    }
    known = { issuer: options.derived, until: unreachable ? options.now() + DISCOVERY_RETRY_MS : Infinity }
    return options.derived
  }

  return async () => {
    if (known && known.until > options.now()) return known.issuer
    pending ??= discover().finally(() => (pending = null))
    return pending
  }
}
