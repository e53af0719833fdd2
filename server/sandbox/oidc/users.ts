import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { Db } from '../db'
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../demo'

export interface UserRow {
  id: string
  username: string
  name: string
  email: string
  customer_id: string
  /** The ordering scopes this person may grant, space-separated. */
  scopes: string
  password_hash: string
}

/** The demo people (server/sandbox/demo.ts), in the order the sandbox's pages list them. */
export const DEMO_USERS = Object.values(DEMO_PEOPLE)

const SCRYPT = { N: 16384, r: 8, p: 1 } as const
const KEY_LENGTH = 32

function encode(salt: Buffer, hash: Buffer, options: { N: number; r: number; p: number }): string {
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

/** `scrypt$N$r$p$salt$hash`: a random 16-byte salt per password. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  return encode(salt, scryptSync(password, salt, KEY_LENGTH, SCRYPT), SCRYPT)
}

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))))
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) })
  return timingSafeEqual(actual, expected)
}

// Hashing costs ~40 ms on purpose; every in-memory test sandbox seeds the same three people, so one hash per
// person and process is enough (each still has its own salt).
const seededHashes = new Map<string, string>()

/** Adds the demo people that are missing (an existing person keeps their stored password). */
export function seedDemoUsers(db: Db): void {
  const exists = db.prepare<[string], { id: string }>('SELECT id FROM users WHERE id = ?')
  const insert = db.prepare(`INSERT INTO users (id, username, name, email, customer_id, scopes, password_hash)
    VALUES (?, ?, ?, ?, ?, ?, ?)`)
  for (const user of DEMO_USERS) {
    if (exists.get(user.id)) continue
    let hash = seededHashes.get(user.id)
    if (!hash) seededHashes.set(user.id, (hash = hashPassword(DEMO_PASSWORD)))
    insert.run(user.id, user.username, user.name, user.username, user.customerId, user.scopes.join(' '), hash)
  }
}

/** The people who can sign in at the sandbox authorization server. */
export class Users {
  private readonly statements

  constructor(db: Db) {
    this.statements = {
      byId: db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?'),
      byUsername: db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ?'),
    }
  }

  byId(id: string): UserRow | undefined {
    return this.statements.byId.get(id)
  }

  byUsername(username: string): UserRow | undefined {
    return this.statements.byUsername.get(username.trim())
  }

  /** The person when the password is right; a wrong username costs a hash too, so timing tells nothing. */
  async authenticate(username: string, password: string): Promise<UserRow | undefined> {
    const user = this.byUsername(username)
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH())
    return ok && user ? user : undefined
  }
}

let dummy: string | undefined
const DUMMY_HASH = () => (dummy ??= hashPassword(randomBytes(12).toString('hex')))
