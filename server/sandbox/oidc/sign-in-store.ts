import { randomBytes } from 'node:crypto'
import type { Db } from '../db'
import { hashToken } from '../oauth/token-store'
import type { Display, Prompt } from '../../shared/authorization-request'
import { CODE_TTL_MS, SSO_TTL_MS, type Country } from './settings'

export type Language = 'en' | 'fr'

/** A validated authorize request (reference 2's parameters). */
export interface AuthorizeParams {
  clientId: string
  redirectUri: string
  state: string
  /** The scopes asked, all known, without duplicates, in the order asked. */
  scopes: string[]
  prompt: Prompt[]
  display: Display
  language: Language
  nonce?: string
  loginHint?: string
  /** The level of assurance the ID token will state (docs/decisions/0011-sign-in.md, "acr"). */
  acr: string
  codeChallenge?: string
}

export interface PendingRequest {
  id: string
  browserHash: string
  csrf: string
  country: Country
  params: AuthorizeParams
  userId: string | null
  /** Milliseconds, real time. */
  authTime: number | null
}

export interface CodeRow {
  hash: string
  client_id: string
  user_id: string
  country: Country
  redirect_uri: string
  scopes: string
  nonce: string | null
  code_challenge: string | null
  auth_time: number
  acr: string
  expires_at: number
  used: 0 | 1
}

export interface RefreshGrant {
  country: Country
  auth_time: number
  acr: string
}

const random = () => randomBytes(32).toString('base64url')

/**
 * What the sandbox authorization server remembers between calls: login sessions, pending authorize requests,
 * consents, codes and refresh grants. Secrets handed out (session cookie, code) are stored as SHA-256 only.
 */
export class SignInStore {
  private readonly statements

  constructor(
    db: Db,
    private readonly realNow: () => number,
  ) {
    this.statements = {
      insertSession: db.prepare('INSERT INTO sso_sessions (hash, user_id, auth_time, expires_at) VALUES (?, ?, ?, ?)'),
      session: db.prepare<[string, number], { user_id: string; auth_time: number }>(
        'SELECT user_id, auth_time FROM sso_sessions WHERE hash = ? AND expires_at > ?',
      ),
      endSession: db.prepare('DELETE FROM sso_sessions WHERE hash = ?'),
      insertPending: db.prepare(`INSERT INTO authorize_requests (id, browser_hash, csrf, country, client_id, params, user_id, auth_time, expires_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      pending: db.prepare<
        [string, number],
        { id: string; browser_hash: string; csrf: string; country: Country; params: string; user_id: string | null; auth_time: number | null }
      >('SELECT * FROM authorize_requests WHERE id = ? AND expires_at > ?'),
      signIn: db.prepare('UPDATE authorize_requests SET user_id = ?, auth_time = ? WHERE id = ?'),
      deletePending: db.prepare('DELETE FROM authorize_requests WHERE id = ?'),
      consent: db.prepare<[string, string], { scopes: string }>('SELECT scopes FROM consents WHERE user_id = ? AND client_id = ?'),
      remember: db.prepare(`INSERT INTO consents (user_id, client_id, scopes, granted_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (user_id, client_id) DO UPDATE SET scopes = excluded.scopes, granted_at = excluded.granted_at`),
      forgetAll: db.prepare('DELETE FROM consents WHERE user_id = ?'),
      forgetOne: db.prepare('DELETE FROM consents WHERE user_id = ? AND client_id = ?'),
      insertCode: db.prepare(`INSERT INTO authorization_codes
        (hash, client_id, user_id, country, redirect_uri, scopes, nonce, code_challenge, auth_time, acr, expires_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      code: db.prepare<[string], CodeRow>('SELECT * FROM authorization_codes WHERE hash = ?'),
      useCode: db.prepare('UPDATE authorization_codes SET used = 1 WHERE hash = ? AND used = 0'),
      dropCodesAll: db.prepare('DELETE FROM authorization_codes WHERE user_id = ? AND used = 0'),
      dropCodesOne: db.prepare('DELETE FROM authorization_codes WHERE user_id = ? AND client_id = ? AND used = 0'),
      insertRefresh: db.prepare('INSERT INTO refresh_grants (token_hash, country, auth_time, acr) VALUES (?, ?, ?, ?)'),
      refresh: db.prepare<[string], RefreshGrant>('SELECT country, auth_time, acr FROM refresh_grants WHERE token_hash = ?'),
      purgeSessions: db.prepare('DELETE FROM sso_sessions WHERE expires_at <= ?'),
      purgePending: db.prepare('DELETE FROM authorize_requests WHERE expires_at <= ?'),
      purgeCodes: db.prepare('DELETE FROM authorization_codes WHERE expires_at <= ?'),
    }
  }

  // --- login sessions (cookie sandbox_sso) ---

  /** Opens a login session; the answer is the cookie value. */
  startSession(userId: string, authTime: number): string {
    const value = random()
    this.statements.insertSession.run(hashToken(value), userId, authTime, authTime + SSO_TTL_MS)
    return value
  }

  session(cookie: string | undefined): { userId: string; authTime: number } | undefined {
    if (!cookie) return undefined
    const row = this.statements.session.get(hashToken(cookie), this.realNow())
    return row && { userId: row.user_id, authTime: row.auth_time }
  }

  endSession(cookie: string | undefined): void {
    if (cookie) this.statements.endSession.run(hashToken(cookie))
  }

  // --- authorize requests waiting for a form ---

  createPending(input: { browserId: string; country: Country; params: AuthorizeParams; userId?: string; authTime?: number }): PendingRequest {
    // Abandoned sign-ins would pile up between restarts otherwise.
    this.statements.purgePending.run(this.realNow())
    const pending: PendingRequest = {
      id: random(),
      browserHash: hashToken(input.browserId),
      csrf: random(),
      country: input.country,
      params: input.params,
      userId: input.userId ?? null,
      authTime: input.authTime ?? null,
    }
    this.statements.insertPending.run(
      pending.id,
      pending.browserHash,
      pending.csrf,
      pending.country,
      input.params.clientId,
      JSON.stringify(input.params),
      pending.userId,
      pending.authTime,
      this.realNow() + CODE_TTL_MS,
    )
    return pending
  }

  pending(id: string): PendingRequest | undefined {
    const row = this.statements.pending.get(id, this.realNow())
    if (!row) return undefined
    return {
      id: row.id,
      browserHash: row.browser_hash,
      csrf: row.csrf,
      country: row.country,
      params: JSON.parse(row.params) as AuthorizeParams,
      userId: row.user_id,
      authTime: row.auth_time,
    }
  }

  signedIn(id: string, userId: string, authTime: number): void {
    this.statements.signIn.run(userId, authTime, id)
  }

  finish(id: string): void {
    this.statements.deletePending.run(id)
  }

  // --- consents, per person and client ---

  consent(userId: string, clientId: string): string[] | undefined {
    return this.statements.consent.get(userId, clientId)?.scopes.split(' ').filter(Boolean)
  }

  /** Remembers `scopes` on top of what the person consented to before. */
  remember(userId: string, clientId: string, scopes: string[]): void {
    const merged = [...new Set([...(this.consent(userId, clientId) ?? []), ...scopes])]
    this.statements.remember.run(userId, clientId, merged.join(' '), this.realNow())
  }

  /** Forgets the consents (one client or all) and the codes not yet exchanged; the count of consents forgotten. */
  forget(userId: string, clientId?: string): number {
    if (clientId) {
      this.statements.dropCodesOne.run(userId, clientId)
      return this.statements.forgetOne.run(userId, clientId).changes
    }
    this.statements.dropCodesAll.run(userId)
    return this.statements.forgetAll.run(userId).changes
  }

  // --- authorization codes ---

  issueCode(input: { country: Country; params: AuthorizeParams; userId: string; authTime: number; scopes: string[] }): string {
    const code = random()
    const { params } = input
    this.statements.insertCode.run(
      hashToken(code),
      params.clientId,
      input.userId,
      input.country,
      params.redirectUri,
      input.scopes.join(' '),
      params.nonce ?? null,
      params.codeChallenge ?? null,
      input.authTime,
      params.acr,
      this.realNow() + CODE_TTL_MS,
    )
    return code
  }

  code(code: string): CodeRow | undefined {
    return this.statements.code.get(hashToken(code))
  }

  /** Marks the code used; false when it was used already (codes are single-use). */
  useCode(row: CodeRow): boolean {
    return this.statements.useCode.run(row.hash).changes === 1
  }

  isExpired(row: { expires_at: number }): boolean {
    return row.expires_at <= this.realNow()
  }

  // --- what a refresh token needs to issue an ID token again ---

  recordRefresh(refreshToken: string, grant: RefreshGrant): void {
    this.statements.insertRefresh.run(hashToken(refreshToken), grant.country, grant.auth_time, grant.acr)
  }

  refreshGrant(refreshToken: string): RefreshGrant | undefined {
    return this.statements.refresh.get(hashToken(refreshToken))
  }

  /** Forgets what expired; a code stays a day past its expiry, so that a late or second use still reads as such. */
  purgeExpired(): void {
    const now = this.realNow()
    this.statements.purgeSessions.run(now)
    this.statements.purgePending.run(now)
    this.statements.purgeCodes.run(now - 24 * 3_600_000)
  }
}
