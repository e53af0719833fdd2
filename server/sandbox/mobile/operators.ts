import { constants, createHash, generateKeyPairSync, privateDecrypt, publicEncrypt, type KeyObject } from 'node:crypto'
import { AMR, type Amr } from '@contract/mobile-connect'
import type { Country } from '../oidc/settings'

/**
 * The sandbox's mobile operators and their subscribers (docs/decisions/0017-mobile-connect.md, README "Sign in").
 * Fictional names; MNC 90 is not allocated to a real network in either country.
 */
export interface SandboxOperator {
  /** Path segment of the operator's endpoints: /sandbox/operators/{key}/openidconnect/{cc}/v1/… */
  key: string
  name: string
  mcc: string
  mnc: string
  country: string
  /** The `{country_code}` segment of its endpoints. */
  countryCode: Country
  currency: string
}

export const OPERATORS: readonly SandboxOperator[] = [
  { key: 'atlantic', name: 'Atlantic Mobile', mcc: '208', mnc: '90', country: 'France', countryCode: 'fr', currency: 'EUR' },
  { key: 'meseta', name: 'Meseta Móvil', mcc: '214', mnc: '90', country: 'Spain', countryCode: 'es', currency: 'EUR' },
]

export const mccMncOf = (operator: SandboxOperator) => `${operator.mcc}_${operator.mnc}`
export const operatorByMccMnc = (mcc: string, mnc: string) => OPERATORS.find((o) => o.mcc === mcc && o.mnc === mnc)
export const operatorByKey = (key: string) => OPERATORS.find((o) => o.key === key)

export interface Subscriber {
  /** E.164, no spaces. */
  msisdn: string
  operator: string
  /** How the operator authenticates this subscriber at level 2 (level 3 is always the SIM PIN). */
  level2: Extract<Amr, 'SMS OTP' | 'OK'>
  simPin: string
}

/** The demo numbers: every SIM PIN is 1234. */
export const DEMO_SIM_PIN = '1234'
export const SUBSCRIBERS: readonly Subscriber[] = [
  { msisdn: '+33612345601', operator: 'atlantic', level2: AMR.smsOtp, simPin: DEMO_SIM_PIN },
  { msisdn: '+33612345602', operator: 'atlantic', level2: AMR.ok, simPin: DEMO_SIM_PIN },
  { msisdn: '+34612345603', operator: 'meseta', level2: AMR.ok, simPin: DEMO_SIM_PIN },
  { msisdn: '+34612345604', operator: 'meseta', level2: AMR.smsOtp, simPin: DEMO_SIM_PIN },
]

/** A typed number in international form (`+` or `00`, spaces, dots, dashes and brackets allowed), or null. */
export function normalizeMsisdn(typed: string): string | null {
  const compact = typed
    .trim()
    .replace(/[\s.\-()]/g, '')
    .replace(/^00/, '+')
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null
}

export const subscriberOf = (msisdn: string) => SUBSCRIBERS.find((s) => s.msisdn === msisdn)

/** `+33 6 •• •• 56 01`: enough for the person to recognise their number, not enough to read it off a screen. */
export function maskMsisdn(msisdn: string): string {
  return `${msisdn.slice(0, 3)} ${msisdn.slice(3, 4)} •• •• ${msisdn.slice(-4, -2)} ${msisdn.slice(-2)}`
}

/** Reference 3's `sub`: persistent and unique per subscriber and operator, the same at every authentication. */
export function pcrOf(operator: SandboxOperator, msisdn: string): string {
  return createHash('sha256')
    .update(`sandbox-pcr\u0000${mccMncOf(operator)}\u0000${msisdn}`)
    .digest('base64url')
    .slice(0, 32)
}

/**
 * The sandbox's RSA key: discovery encrypts the number with it (`subscriber_id`), the operators decrypt
 * `login_hint` with it. One per process, made on first use: a restart invalidates sign-ins in progress only.
 */
let keyPair: { publicKey: KeyObject; privateKey: KeyObject } | undefined
const keys = () => (keyPair ??= generateKeyPairSync('rsa', { modulusLength: 2048 }))

export function encryptMsisdn(msisdn: string): string {
  return publicEncrypt({ key: keys().publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(msisdn)).toString('base64url')
}

/** The number a `subscriber_id` holds, or null when it was not encrypted with the sandbox's key. */
export function decryptMsisdn(subscriberId: string): string | null {
  try {
    const plain = privateDecrypt(
      { key: keys().privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(subscriberId, 'base64url'),
    ).toString()
    return normalizeMsisdn(plain)
  } catch {
    return null
  }
}
