import type { ServerConfig } from '../config'
import { Applications, WindowLimiter } from './applications'
import { CatalogStore } from './catalog/catalog-store'
import { FaultInjector } from './faults'
import { SandboxClock } from './clock'
import { openDatabase, type Db } from './db'
import { TokenStore } from './oauth/token-store'
import { defaultOidcControls, type OidcControls } from './oidc/settings'
import { SignInStore } from './oidc/sign-in-store'
import { Users } from './oidc/users'
import { ApplicationQuota } from './ordering/quota'
import { RequestStore } from './ordering/request-store'
import { seedOnFirstStart, seedReferenceData } from './seed'
import { publishAlternateItems } from './dialects/alternate-catalog'
import { dialectOf, type OrderingDialect } from './dialects/dialect'

export type SandboxConfig = Pick<
  ServerConfig,
  | 'SANDBOX_DB_PATH'
  | 'SANDBOX_SEED_COUNT'
  | 'SANDBOX_SEED'
  | 'SANDBOX_SPIKE_ARREST_PER_SECOND'
  | 'SANDBOX_TOKEN_REQUESTS_PER_MINUTE'
  | 'SANDBOX_QUOTA'
  | 'SANDBOX_CLIENT_ID'
  | 'SANDBOX_CLIENT_SECRET'
  | 'SANDBOX_API_KEY'
  | 'SANDBOX_CONTROL'
  | 'SANDBOX_CLOUD_API_KEY'
  | 'SANDBOX_DIALECT'
  | 'OIDC_COUNTRY'
  | 'oidc'
  | 'sandboxRedirectUris'
>

/** Faults a test can switch on through the control endpoint (docs/decisions/0009-sandbox-controls.md). */
export interface Faults {
  maintenance: boolean
  /** Latency, errors and dropped connections on demand (docs/decisions/0016-errors-faults-and-languages.md). */
  injected: FaultInjector
}

/** Everything the sandbox holds: storage, clock, stores and limits. Built once per server (or per test). */
export interface Sandbox {
  config: SandboxConfig
  /** How this sandbox fills the references' gaps (docs/decisions/0029-second-dialect.md). */
  dialect: OrderingDialect
  db: Db
  clock: SandboxClock
  realNow: () => number
  store: RequestStore
  catalog: CatalogStore
  tokens: TokenStore
  applications: Applications
  /** The authorization server: demo people, sessions, consents, codes; lifetimes and forced errors. */
  users: Users
  signIn: SignInStore
  oidc: OidcControls
  spikeArrest: WindowLimiter
  /** The application quota per API, on the sandbox clock (docs/decisions/0032-application-quota.md). */
  quota: ApplicationQuota
  tokenLimiter: WindowLimiter
  faults: Faults
  customerNames: Map<string, string>
  /** Brings every request's lifecycle up to the sandbox's now; cheap when nothing is due. */
  catchUp(force?: boolean): void
  /** Tells the catch-up that a request now has a change due at `at`. */
  scheduled(at: number | null): void
  close(): void
}

export function createSandbox(config: SandboxConfig, options: { realNow?: () => number } = {}): Sandbox {
  const realNow = options.realNow ?? Date.now
  const db = openDatabase(config.SANDBOX_DB_PATH)
  const clock = new SandboxClock(db, realNow)
  const dialect = dialectOf(config.SANDBOX_DIALECT)
  const store = new RequestStore(db, dialect.states)
  const catalog = new CatalogStore(db)
  seedReferenceData(
    db,
    catalog,
    {
      clientId: config.SANDBOX_CLIENT_ID,
      clientSecret: config.SANDBOX_CLIENT_SECRET,
      apiKey: config.SANDBOX_API_KEY,
    },
    clock.now(),
  )
  if (dialect.name === 'alternate') publishAlternateItems(catalog, clock.now())
  seedOnFirstStart(db, store, { count: config.SANDBOX_SEED_COUNT, seed: config.SANDBOX_SEED, now: clock.now() })
  const customerNames = new Map((db.prepare('SELECT id, name FROM customers').all() as { id: string; name: string }[]).map((c) => [c.id, c.name]))

  let nextDue = store.nextChangeAt()
  let lastCatchUp = 0
  const catchUp = (force = false) => {
    const now = clock.now()
    // At most once a second of real time, and only when something is due: reads stay cheap.
    if (!force && (nextDue === null || now < nextDue || realNow() - lastCatchUp < 1000)) return
    lastCatchUp = realNow()
    store.advance(now)
    nextDue = store.nextChangeAt()
  }
  catchUp(true)

  const tokens = new TokenStore(db, realNow)
  tokens.purgeExpired()
  const signIn = new SignInStore(db, realNow)
  signIn.purgeExpired()

  return {
    config,
    dialect,
    db,
    clock,
    realNow,
    store,
    catalog,
    tokens,
    applications: new Applications(db),
    users: new Users(db),
    signIn,
    oidc: defaultOidcControls(),
    spikeArrest: new WindowLimiter(config.SANDBOX_SPIKE_ARREST_PER_SECOND, 1000, realNow),
    quota: new ApplicationQuota(db, () => clock.now(), config.SANDBOX_QUOTA ?? null),
    tokenLimiter: new WindowLimiter(config.SANDBOX_TOKEN_REQUESTS_PER_MINUTE, 60_000, realNow),
    faults: { maintenance: false, injected: new FaultInjector(realNow) },
    customerNames,
    catchUp: (force) => catchUp(force),
    scheduled: (at) => {
      if (at !== null && (nextDue === null || at < nextDue)) nextDue = at
    },
    close: () => db.close(),
  }
}
