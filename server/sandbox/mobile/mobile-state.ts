import type { Amr, MobileAcr } from '@contract/mobile-connect'
import type { Display } from '../../shared/authorization-request'
import type { Language } from '../oidc/sign-in-store'
import type { Sandbox } from '../sandbox'

/**
 * What the sandbox's discovery service and operators remember between calls (docs/decisions/0017-mobile-connect.md).
 * In memory, like real short-lived sign-in state: everything here lives at most 10 minutes (access tokens 1 hour),
 * so a restart only interrupts sign-ins in progress.
 */
export interface DiscoverySession {
  clientId: string
  redirectUrl: string
  expiresAt: number
}

/** An authorize request waiting for the person (their phone, their code, their PIN). */
export interface PendingAuthentication {
  id: string
  csrf: string
  /** Where the sandbox phone page of this request lives: /sandbox/phone/{phoneId}. */
  phoneId: string
  operator: string
  clientId: string
  clientName: string
  redirectUri: string
  state: string
  nonce?: string
  codeChallenge?: string
  language: Language
  /** Reference 2's display, asked at the semi-implicit endpoint (`page` at the operator's authorize). */
  display: Display
  acr: MobileAcr
  /** Null until the person typed their number (no login_hint). */
  msisdn: string | null
  method: Amr | null
  otp: string | null
  otpAttempts: number
  /** What the phone answered. */
  phone: 'waiting' | 'approved' | 'cancelled' | 'failed'
  expiresAt: number
}

export interface OperatorCode {
  clientId: string
  redirectUri: string
  operator: string
  sub: string
  nonce?: string
  codeChallenge?: string
  acr: MobileAcr
  amr: Amr
  authTime: number
  expiresAt: number
  used: boolean
}

export interface OperatorAccessToken {
  sub: string
  operator: string
  clientId: string
  expiresAt: number
}

export interface DiscoveryEnvironment {
  /** Production: operator endpoints only for countries with a commercial agreement (reference 3). */
  production: boolean
  /** Countries (`fr`, `es`) with an agreement, in production. */
  agreements: string[]
}

export interface MobileState {
  environment: DiscoveryEnvironment
  discoverySessions: Map<string, DiscoverySession>
  pending: Map<string, PendingAuthentication>
  codes: Map<string, OperatorCode>
  accessTokens: Map<string, OperatorAccessToken>
}

const states = new WeakMap<Sandbox, MobileState>()

export function mobileStateOf(sandbox: Sandbox): MobileState {
  let state = states.get(sandbox)
  if (!state) {
    state = {
      environment: { production: false, agreements: [] },
      discoverySessions: new Map(),
      pending: new Map(),
      codes: new Map(),
      accessTokens: new Map(),
    }
    states.set(sandbox, state)
  }
  return state
}

/** Drops what expired, so abandoned sign-ins do not pile up. */
export function purgeExpired(state: MobileState, now: number): void {
  for (const map of [state.discoverySessions, state.pending, state.codes, state.accessTokens] as Map<string, { expiresAt: number }>[]) {
    for (const [key, value] of map) if (value.expiresAt <= now) map.delete(key)
  }
}
