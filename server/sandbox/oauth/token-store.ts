import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db'

export interface TokenRow {
  hash: string
  kind: 'access' | 'refresh'
  client_id: string
  subject_kind: 'user' | 'application'
  subject_id: string
  customer_id: string
  scopes: string
  issued_at: number
  expires_at: number
  /** 0: valid; 1: revoked; 2: revoked because the user withdrew consent */
  revoked: 0 | 1 | 2
}

export interface TokenGrant {
  kind: 'access' | 'refresh'
  clientId: string
  subjectKind: 'user' | 'application'
  subjectId: string
  customerId: string
  scopes: string[]
  ttlMs: number
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Opaque tokens; only their SHA-256 is stored, so the database never holds a usable token. */
export class TokenStore {
  private readonly statements

  constructor(
    db: Db,
    private readonly realNow: () => number,
  ) {
    this.statements = {
      insert: db.prepare(`INSERT INTO tokens (hash, kind, client_id, subject_kind, subject_id, customer_id, scopes, issued_at, expires_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      find: db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE hash = ?'),
      revokeSubject: db.prepare('UPDATE tokens SET revoked = ? WHERE client_id = ? AND subject_id = ? AND revoked = 0'),
      revokeUserAll: db.prepare("UPDATE tokens SET revoked = ? WHERE subject_kind = 'user' AND subject_id = ? AND revoked = 0"),
      revokeUserOne: db.prepare("UPDATE tokens SET revoked = ? WHERE subject_kind = 'user' AND subject_id = ? AND client_id = ? AND revoked = 0"),
      revokeOne: db.prepare('UPDATE tokens SET revoked = 1 WHERE hash = ?'),
      purge: db.prepare('DELETE FROM tokens WHERE expires_at < ?'),
    }
  }

  issue(grant: TokenGrant): { token: string; expiresAt: number } {
    const token = randomBytes(32).toString('base64url')
    const now = this.realNow()
    const expiresAt = now + grant.ttlMs
    this.statements.insert.run(
      hashToken(token),
      grant.kind,
      grant.clientId,
      grant.subjectKind,
      grant.subjectId,
      grant.customerId,
      grant.scopes.join(' '),
      now,
      expiresAt,
    )
    return { token, expiresAt }
  }

  find(token: string): TokenRow | undefined {
    return this.statements.find.get(hashToken(token))
  }

  isExpired(row: TokenRow): boolean {
    return row.expires_at <= this.realNow()
  }

  /** Revokes every token of a subject for a client; `consent` marks it as a withdrawn consent (401 41). */
  revokeSubject(clientId: string, subjectId: string, reason: 'revoked' | 'consent'): number {
    return this.statements.revokeSubject.run(reason === 'consent' ? 2 : 1, clientId, subjectId).changes
  }

  /** Revokes every token of a person, for one client or all of them. */
  revokeUser(subjectId: string, reason: 'revoked' | 'consent', clientId?: string): number {
    const value = reason === 'consent' ? 2 : 1
    return (clientId ? this.statements.revokeUserOne.run(value, subjectId, clientId) : this.statements.revokeUserAll.run(value, subjectId)).changes
  }

  revoke(token: string): boolean {
    return this.statements.revokeOne.run(hashToken(token)).changes > 0
  }

  /** Forgets tokens expired for more than a day (expired ones must still answer 42 for a while). */
  purgeExpired(): void {
    this.statements.purge.run(this.realNow() - 24 * 3_600_000)
  }
}
