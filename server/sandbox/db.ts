import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

export type Db = Database.Database

const SCHEMA_VERSION = 1

/**
 * The sandbox authorization server (docs/decisions/0011-sign-in.md): demo people, remembered consents, login
 * sessions, pending authorize requests, codes, and what a refresh token needs to issue ID tokens again.
 * `IF NOT EXISTS`, and also run on an existing version-1 database, so that a developer's sandbox file from
 * before sign-in gains them (schema version 1 is not released yet).
 */
const SIGN_IN_TABLES = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customers(id),
  scopes TEXT NOT NULL,
  -- scrypt$N$r$p$salt$hash (base64url)
  password_hash TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS consents (
  user_id TEXT NOT NULL REFERENCES users(id),
  client_id TEXT NOT NULL REFERENCES applications(client_id),
  scopes TEXT NOT NULL,
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, client_id)
) STRICT;

-- the authorization server's own login session (cookie sandbox_sso); only the SHA-256 of the cookie is kept
CREATE TABLE IF NOT EXISTS sso_sessions (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  auth_time INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;

-- an authorize request waiting for the login or consent form, bound to the browser that opened it
CREATE TABLE IF NOT EXISTS authorize_requests (
  id TEXT PRIMARY KEY,
  browser_hash TEXT NOT NULL,
  csrf TEXT NOT NULL,
  country TEXT NOT NULL,
  client_id TEXT NOT NULL REFERENCES applications(client_id),
  params TEXT NOT NULL,
  user_id TEXT REFERENCES users(id),
  auth_time INTEGER,
  expires_at INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS authorization_codes (
  hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES applications(client_id),
  user_id TEXT NOT NULL REFERENCES users(id),
  country TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  scopes TEXT NOT NULL,
  nonce TEXT,
  code_challenge TEXT,
  auth_time INTEGER NOT NULL,
  acr TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX IF NOT EXISTS authorization_codes_user ON authorization_codes (user_id);

-- for a refresh token: the country it was issued under (ID token iss) and the original sign-in
CREATE TABLE IF NOT EXISTS refresh_grants (
  token_hash TEXT PRIMARY KEY REFERENCES tokens(hash) ON DELETE CASCADE,
  country TEXT NOT NULL,
  auth_time INTEGER NOT NULL,
  acr TEXT NOT NULL
) STRICT;
`

/** Timestamps are stored as integer milliseconds (UTC) so that ranges and sorts stay on the index. */
const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

CREATE TABLE customers (id TEXT PRIMARY KEY, name TEXT NOT NULL) STRICT;

CREATE TABLE contracts (
  number TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL
) STRICT;

CREATE TABLE applications (
  client_id TEXT PRIMARY KEY,
  client_secret TEXT NOT NULL,
  api_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customers(id),
  scopes TEXT NOT NULL,
  subscribed INTEGER NOT NULL DEFAULT 1
) STRICT;

CREATE TABLE tokens (
  hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  client_id TEXT NOT NULL REFERENCES applications(client_id),
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('user', 'application')),
  subject_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  scopes TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX tokens_subject ON tokens (client_id, subject_id);

CREATE TABLE catalog_items (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL UNIQUE,
  variant TEXT NOT NULL,
  category TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_fr TEXT NOT NULL,
  description_en TEXT NOT NULL,
  description_fr TEXT NOT NULL,
  schema TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE requests (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  customer_id TEXT NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  customer_reference TEXT,
  category TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  step TEXT NOT NULL,
  sub_step TEXT NOT NULL,
  is_overdue INTEGER NOT NULL DEFAULT 0,
  is_archived INTEGER NOT NULL DEFAULT 0,
  requested_at TEXT NOT NULL,
  contract TEXT NOT NULL,
  comment TEXT,
  properties TEXT NOT NULL,
  attachments TEXT NOT NULL DEFAULT '[]',
  related_request_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- the lifecycle plan: what will happen to it and when the next change is due (NULL: nothing more)
  outcome TEXT NOT NULL,
  delay_days INTEGER NOT NULL DEFAULT 0,
  rejection TEXT,
  closed_at INTEGER,
  next_at INTEGER
) STRICT;
CREATE INDEX requests_created ON requests (customer_id, created_at, seq);
CREATE INDEX requests_status_created ON requests (customer_id, status, created_at, seq);
CREATE INDEX requests_updated ON requests (customer_id, updated_at);
CREATE INDEX requests_requested ON requests (customer_id, requested_at);
CREATE INDEX requests_overdue ON requests (customer_id, is_overdue, requested_at);
CREATE INDEX requests_type ON requests (customer_id, type, created_at);
CREATE INDEX requests_reference ON requests (customer_id, customer_reference COLLATE NOCASE);
CREATE INDEX requests_related ON requests (related_request_id) WHERE related_request_id IS NOT NULL;
CREATE INDEX requests_next ON requests (next_at) WHERE next_at IS NOT NULL;

CREATE TABLE attachments (
  id TEXT PRIMARY KEY,
  request_seq INTEGER NOT NULL REFERENCES requests(seq),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  mime_type TEXT,
  size INTEGER NOT NULL,
  body BLOB NOT NULL
) STRICT;
CREATE INDEX attachments_request ON attachments (request_seq, position);
${SIGN_IN_TABLES}`

/** Opens (and creates when new) the sandbox database: WAL, foreign keys, schema. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  db.pragma('cache_size = -65536')
  const version = db.pragma('user_version', { simple: true }) as number
  if (version === 0) {
    db.exec(SCHEMA)
    db.pragma(`user_version = ${SCHEMA_VERSION}`)
  } else if (version === SCHEMA_VERSION) {
    db.exec(SIGN_IN_TABLES)
  } else if (version !== SCHEMA_VERSION) {
    throw new Error(`The sandbox database ${path} has schema version ${version}; this build expects ${SCHEMA_VERSION}. Delete the file to start afresh.`)
  }
  return db
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
  return row?.value
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}
