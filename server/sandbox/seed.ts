import type { RequestCategory } from '@contract/request'
import { REQUEST_BODY_VARIANTS } from '@contract/request-bodies'
import { SCOPE } from '@contract/misc'
import { BUILTIN_CATALOG_ITEMS } from './catalog/builtin-items'
import type { CatalogStore } from './catalog/catalog-store'
import { getMeta, setMeta, type Db } from './db'
import { DAY, HOUR, stateAt, type LifecycleState, type Outcome } from './ordering/lifecycle'
import { seedDemoUsers } from './oidc/users'
import { SEED_CUSTOMERS } from './demo'
import { SEEDABLE_REJECTIONS, type StoredRejection } from './ordering/messages'
import type { RequestStore } from './ordering/request-store'
import { planOf, seededRequestId, servicePointOf, type NewRequest, type RequestRow } from './ordering/request-store'

export interface SeedApplication {
  clientId: string
  clientSecret: string
  apiKey: string
}

/** Small, fast, deterministic PRNG (mulberry32): the same seed always gives the same data. */
export function randomGenerator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, w]) => sum + w, 0)
    let r = next() * total
    for (const [item, weight] of items) if ((r -= weight) < 0) return item
    return items[items.length - 1]![0]
  }
  return { next, int, pick, weighted }
}

const SITES = [
  { city: 'Paris', postalCode: '75008', street: '12 rue de la Paix', country: 'FR' },
  { city: 'Lyon', postalCode: '69002', street: '4 quai Saint-Antoine', country: 'FR' },
  { city: 'Marseille', postalCode: '13002', street: '30 boulevard des Dames', country: 'FR' },
  { city: 'Lille', postalCode: '59000', street: '8 place du Général de Gaulle', country: 'FR' },
  { city: 'Toulouse', postalCode: '31000', street: '21 allée Jean Jaurès', country: 'FR' },
  { city: 'Nantes', postalCode: '44000', street: '3 quai de la Fosse', country: 'FR' },
  { city: 'Bordeaux', postalCode: '33000', street: '55 cours de l’Intendance', country: 'FR' },
  { city: 'Madrid', postalCode: '28013', street: 'Calle Mayor 10', country: 'ES' },
  { city: 'Barcelona', postalCode: '08002', street: 'Carrer de Ferran 7', country: 'ES' },
  { city: 'Valencia', postalCode: '46002', street: 'Carrer de Colón 18', country: 'ES' },
] as const
const FIRST_NAMES = ['Camille', 'Louis', 'Inès', 'Hugo', 'Léa', 'Mateo', 'Lucía', 'Jules', 'Chloé', 'Pablo'] as const
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'García', 'Moreau', 'Fernández', 'Laurent', 'Roux', 'López', 'Petit'] as const
const BANDWIDTHS = [10, 20, 50, 100, 200, 500, 1000] as const

const TYPE_WEIGHTS = [
  ['INTERNET_ACCESS', 30],
  ['ETHERNET_LINK', 15],
  ['C_BVPN_SITE', 25],
  ['INTERNET_ACCESS_CHANGE', 7],
  ['M_BVPN_SITE', 5],
  ['INTERNET_ACCESS_TERMINATION', 6],
  ['R_BVPN_SITE', 4],
  ['R_BVPN_SITE_ASSISTED', 3],
  ['REQUEST_CANCELLATION', 5],
] as const

/** Customers, contracts, the application, the demo people and the catalog: what every sandbox has. Idempotent. */
export function seedReferenceData(db: Db, catalog: CatalogStore, app: SeedApplication, now: number): void {
  db.transaction(() => {
    const customer = db.prepare('INSERT OR IGNORE INTO customers (id, name) VALUES (?, ?)')
    const contract = db.prepare('INSERT OR IGNORE INTO contracts (number, customer_id, name) VALUES (?, ?, ?)')
    for (const c of SEED_CUSTOMERS) {
      customer.run(c.id, c.name)
      contract.run(`${c.prefix}-000101`, c.id, `${c.name}, network services`)
      contract.run(`${c.prefix}-000102`, c.id, `${c.name}, VPN`)
      contract.run(`${c.prefix}-000103`, c.id, `${c.name}, branch offices`)
    }
    // The configured credentials always win, so that changing them in the environment takes effect.
    db.prepare(
      `INSERT INTO applications (client_id, client_secret, api_key, name, customer_id, scopes, subscribed)
        VALUES (?, ?, ?, ?, ?, ?, 1)
        ON CONFLICT (client_id) DO UPDATE SET client_secret = excluded.client_secret, api_key = excluded.api_key`,
    ).run(
      app.clientId,
      app.clientSecret,
      app.apiKey,
      'Ordering Console',
      SEED_CUSTOMERS[0].id,
      [SCOPE.full, SCOPE.readonly, 'openid', 'offline_access'].join(' '),
    )
    seedDemoUsers(db)
    catalog.seed(now)
  })()
}

export function contractsOf(prefix: string): string[] {
  return ['000101', '000102', '000103'].map((n) => `${prefix}-${n}`)
}

type Random = ReturnType<typeof randomGenerator>
type SeedCustomer = (typeof SEED_CUSTOMERS)[number]

/** What the seed knows of a customer's requests so far, so that links between requests stay valid. */
interface SeedHistory {
  creations: RequestRow[]
  byId: Map<string, RequestRow>
  cancelledAt: Map<number, number>
  terminated: Set<number>
}

function stateOf(row: RequestRow, history: SeedHistory, at: number): LifecycleState {
  const cancelledAt = history.cancelledAt.get(row.seq)
  // `row` is the creation as first stored; a later cancellation is in the history, not in the row.
  return stateAt(cancelledAt === undefined ? planOf(row, null) : { ...planOf(row, cancelledAt), outcome: 'cancelled' }, at)
}

/**
 * The earlier request a non-creation acts on, following the live rules: a modification or cancellation
 * needs one still open at that time, a termination a delivered service not yet terminated.
 */
function targetFor(random: Random, category: RequestCategory, actsOn: readonly string[], history: SeedHistory, at: number) {
  const fits = (row: RequestRow) => actsOn.includes(row.type)
  if (category === 'termination') {
    const sample = Array.from({ length: Math.min(60, history.creations.length) }, () => random.pick(history.creations))
    return sample.find((row) => fits(row) && !history.terminated.has(row.seq) && stateOf(row, history, at).status === 'COMPLETED')
  }
  const recent = history.creations.slice(-300).filter((row) => fits(row) && ['NEW', 'IN_PROGRESS'].includes(stateOf(row, history, at).status))
  return recent.length ? random.pick(recent) : undefined
}

/** One plausible request of `customer` created at `createdAt`; non-creations act on a fitting earlier creation. */
function plausibleRequest(random: Random, customer: SeedCustomer, createdAt: number, history: SeedHistory, forceType?: string): NewRequest {
  let type: string = forceType ?? random.weighted(TYPE_WEIGHTS)
  let item = BUILTIN_CATALOG_ITEMS.find((i) => i.type === type)!
  let category: RequestCategory = REQUEST_BODY_VARIANTS[item.variant].category
  let related: RequestRow | undefined
  if (category !== 'creation') {
    related = targetFor(random, category, item.actsOn, history, createdAt)
    if (!related) {
      type = 'INTERNET_ACCESS'
      item = BUILTIN_CATALOG_ITEMS.find((i) => i.type === type)!
      category = 'creation'
    }
  }
  const site = random.pick(SITES)
  const firstName = random.pick(FIRST_NAMES)
  const lastName = random.pick(LAST_NAMES)
  const contact = {
    firstName,
    lastName,
    ...(random.next() < 0.8 ? { mobile: `+33 6 ${random.int(10, 99)} ${random.int(10, 99)} ${random.int(10, 99)} ${random.int(10, 99)}` } : {}),
    // ASCII only, as the contract's e-mail format wants: Chloé García writes chloe.garcia@…
    email: `${firstName}.${lastName}@${customer.prefix}.example`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, ''),
  }
  const location = {
    name: `${site.city} ${random.pick(['HQ', 'office', 'warehouse', 'store', 'branch'])}`,
    ...(random.next() < 0.4 ? { building: `B${random.int(1, 9)}` } : {}),
    ...(random.next() < 0.3 ? { floor: String(random.int(0, 12)) } : {}),
    address: { street: site.street, postalCode: site.postalCode, city: site.city, country: site.country },
  }
  const bandwidthMbps = random.pick(BANDWIDTHS)
  const properties: Record<string, unknown> =
    category === 'creation'
      ? {
          location,
          contacts: { primary: contact },
          billingAccount: { code: `BA${customer.prefix}${random.int(1000, 1009)}` },
          ...(type === 'C_BVPN_SITE'
            ? { network: { id: `NET-${customer.prefix}-${random.int(1, 4)}` }, profile: random.pick(['GOLD', 'SILVER', 'BRONZE']), options: { bandwidthMbps } }
            : {
                options:
                  type === 'ETHERNET_LINK'
                    ? { bandwidthMbps, vlans: [{ vlanId: random.int(2, 4000), label: 'data' }] }
                    : { bandwidthMbps, staticIp: random.next() < 0.3 },
              }),
        }
      : category === 'termination'
        ? { servicePoint: { id: servicePointOf(related!.id) }, contacts: { primary: contact } }
        : category === 'modification'
          ? { options: { bandwidthMbps } }
          : {}
  const roll = random.next()
  const outcome: Outcome = category === 'cancellation' ? 'complete' : roll < 0.08 ? 'reject_intake' : roll < 0.18 ? 'reject_validation' : 'complete'
  return {
    customerId: customer.id,
    name: `${item.name.en} – ${location.name}`,
    customerReference: random.next() < 0.7 ? `PO-${random.int(10000, 99999)}` : null,
    category,
    type,
    requestedAt: new Date(createdAt + random.int(7, 75) * DAY).toISOString().slice(0, 10),
    contract: random.pick(contractsOf(customer.prefix)),
    comment: random.next() < 0.2 ? random.pick(['Access through the loading bay.', 'Call the site contact the day before.', 'Urgent: store opening.']) : null,
    properties,
    relatedRequestId: related?.id ?? null,
    createdAt,
    outcome,
    delayDays: outcome === 'complete' && random.next() < 0.2 ? random.int(1, 20) : 0,
    rejection: outcome === 'complete' ? null : pickRejections(random),
    attachments: random.next() < 0.03 ? [{ name: 'site-plan.txt', mimeType: 'text/plain', body: Buffer.from(`Site plan for ${location.name}\n`) }] : [],
  }
}

/** What every customer's seed must show at least once (decision 0008): each stage, and each overdue/archived pair. */
export const REQUIRED_SEED_STATES = [
  ...(
    [
      ['NEW', 'ORDER', 'INITIATION'],
      ['IN_PROGRESS', 'ORDER', 'VALIDATION'],
      ['IN_PROGRESS', 'DELIVERY', 'PLANNING'],
      ['IN_PROGRESS', 'DELIVERY', 'INSTALLATION'],
      ['IN_PROGRESS', 'DELIVERY', 'ACTIVATION'],
      ['COMPLETED', 'CLOSURE', 'DONE'],
      ['REJECTED', 'ORDER', 'INITIATION'],
      ['REJECTED', 'ORDER', 'VALIDATION'],
    ] as const
  ).map(([status, step, subStep]) => ({ status, step, subStep }) as Partial<LifecycleState>),
  { isOverdue: false, isArchived: false },
  { isOverdue: true, isArchived: false, status: 'IN_PROGRESS' },
  { isOverdue: true, isArchived: false, status: 'COMPLETED' },
  { isOverdue: true, isArchived: true },
  { isOverdue: false, isArchived: true },
] satisfies Partial<LifecycleState>[]

const matches = (state: LifecycleState, wanted: Partial<LifecycleState>) =>
  Object.entries(wanted).every(([key, value]) => state[key as keyof LifecycleState] === value)

/**
 * Generates `count` requests over the three customers, deterministically from `seed` and relative to
 * `now`, each put through the lifecycle to where it stands at `now` (docs/decisions/0008-seed-data.md).
 * Random plans cover most states; for any required state a customer still lacks, plans are drawn until
 * one lands in it, so every state is there whatever the count or the time of day.
 */
export function seedRequests(db: Db, store: RequestStore, options: { count: number; seed: number; now: number }): void {
  const random = randomGenerator(options.seed)
  // Deterministic for a seed, yet not a running count (docs/decisions/0008-seed-data.md).
  const ids = seededRequestId(options.seed)
  const { now } = options
  const createdTimes = Array.from({ length: options.count }, (_, i) =>
    // One in fifty is from the last few hours, so that NEW requests exist at any time of day.
    i % 50 === 0 ? now - random.int(0, 3 * HOUR) : now - random.int(0, 400 * DAY),
  ).sort((a, b) => a - b)
  const histories = new Map<string, SeedHistory>(
    SEED_CUSTOMERS.map((c) => [c.id, { creations: [], byId: new Map(), cancelledAt: new Map(), terminated: new Set() }]),
  )
  const record = (row: RequestRow, request: NewRequest) => {
    const history = histories.get(row.customer_id)!
    if (request.category === 'creation') {
      history.creations.push(row)
      history.byId.set(row.id, row)
    }
    const target = request.relatedRequestId ? history.byId.get(request.relatedRequestId) : undefined
    if (target && request.category === 'cancellation') {
      store.cancel(target, row.id, request.createdAt, now)
      history.cancelledAt.set(target.seq, request.createdAt)
    }
    if (target && request.category === 'termination' && request.outcome === 'complete') history.terminated.add(target.seq)
  }
  // What a customer shows now, read back from the table: a later cancellation may have closed a request
  // that was in a wanted state when it was written.
  const statesOf = (customerId: string) =>
    (
      db.prepare('SELECT DISTINCT status, step, sub_step, is_overdue, is_archived FROM requests WHERE customer_id = ?').all(customerId) as Pick<
        RequestRow,
        'status' | 'step' | 'sub_step' | 'is_overdue' | 'is_archived'
      >[]
    ).map((r) => ({ status: r.status, step: r.step, subStep: r.sub_step, isOverdue: r.is_overdue === 1, isArchived: r.is_archived === 1 }) as LifecycleState)

  db.transaction(() => {
    for (const createdAt of createdTimes) {
      const customer = random.weighted(SEED_CUSTOMERS.map((c) => [c, c.share] as const))
      const request = plausibleRequest(random, customer, createdAt, histories.get(customer.id)!)
      record(store.insert(request, now, ids), request)
    }
    if (options.count === 0) return
    for (const customer of SEED_CUSTOMERS) {
      const present = statesOf(customer.id)
      REQUIRED_SEED_STATES.forEach((wanted) => {
        if (present.some((state) => matches(state, wanted))) return
        for (let attempt = 0; attempt < 100_000; attempt++) {
          const createdAt = now - random.int(0, 200 * DAY)
          const request = plausibleRequest(random, customer, createdAt, histories.get(customer.id)!, 'INTERNET_ACCESS')
          request.outcome = random.pick(['complete', 'reject_intake', 'reject_validation'] as const)
          request.delayDays = random.int(0, 20)
          request.rejection = request.outcome === 'complete' ? null : pickRejections(random)
          if (!matches(stateAt({ ...request, cancelledAt: null }, now), wanted)) continue
          record(store.insert(request, now, ids), request)
          return
        }
      })
    }
  })()
}

function pickRejections(random: Random): StoredRejection[] {
  const count = random.int(1, 3)
  const codes = new Set<number>()
  while (codes.size < count) codes.add(random.pick(SEEDABLE_REJECTIONS))
  return [...codes].map((code) => ({ code }))
}

/** Seeds the requests once, on first start; later starts keep what is there (created requests included). */
export function seedOnFirstStart(db: Db, store: RequestStore, options: { count: number; seed: number; now: number }): boolean {
  if (getMeta(db, 'seeded_at')) return false
  seedRequests(db, store, options)
  setMeta(db, 'seeded_at', new Date(options.now).toISOString())
  setMeta(db, 'seed', JSON.stringify({ count: options.count, seed: options.seed }))
  return true
}
