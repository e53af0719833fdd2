import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE, ZApiErrorBody } from '@contract/error'
import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE } from '../gateway/auth/same-origin'
import { SESSION_COOKIE, sessionFromTokens } from '../gateway/auth/session'
import { BULK_READ_HEADER } from '../gateway/throttle'
import { ALICE, BRUNO, CALLBACK, exchangeCode, MARC, signInFlow } from '../../test/sign-in'
import { overHttp, validBody } from '../../test/test-app'
import { CONTROL_SECRET_HEADER, startCluster, storedSessionCookie, type Cluster } from './cluster'
import { consecutivePorts, startRedis, type RedisProcess } from './redis-server'

/**
 * Several gateway instances on one shared store (docs/decisions/0021-many-instances.md), as processes: a real
 * redis-server, one sandbox over HTTP and two gateways (server/main.ts), all on 127.0.0.1, started here.
 */

const OLD_SECRET = 'old-session-secret-of-the-cluster-0123456789'
const NEW_SECRET = 'new-session-secret-of-the-cluster-9876543210'
const REQUESTS = '/api/ordering/v3/requests'

let cluster: Cluster
let redisAgain: RedisProcess | null = null

const sandboxUrl = () => cluster.sandbox.url
const gateway = (i: number) => cluster.gateways[i % cluster.gateways.length]!.url

/** The sandbox over HTTP in the shape signInFlow expects. */
const sandboxApp = overHttp(sandboxUrl)

async function control(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandboxUrl()}/sandbox/control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { [CONTROL_SECRET_HEADER]: cluster.controlSecret, ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`/sandbox/control/${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Record<string, unknown>
}

const refreshGrants = async () => (await control('oidc/grants')).refresh as number

/** Signs `username` in at the sandbox and seals the gateway's session cookie with `secret`, as /auth/token would. */
async function signIn(username: string, secret = OLD_SECRET): Promise<string> {
  const signedIn = await signInFlow(sandboxApp, { username })
  const tokens = await exchangeCode(sandboxApp, signedIn)
  const sub = decodeJwt(tokens.id_token!).sub!
  const session = sessionFromTokens(tokens, Math.floor(Date.now() / 1000), { sub, scope: tokens.scope ?? '' })
  return storedSessionCookie({ redisUrl: cluster.redis.url }, secret, session)
}

const get = (base: string, path: string, cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { Cookie: cookie, Accept: 'application/json', ...headers }, signal: AbortSignal.timeout(30_000) })

/** The session cookie a response renewed, as `name=value`. */
const renewedCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0]

beforeAll(async () => {
  cluster = await startCluster({
    port: await consecutivePorts(2),
    instances: 2,
    sessionSecrets: OLD_SECRET,
    extraRedirectUris: [CALLBACK],
    sandboxEnv: { SANDBOX_DB_PATH: ':memory:', SANDBOX_SEED_COUNT: '600', SANDBOX_SPIKE_ARREST_PER_SECOND: '25' },
    // An export's page waits 3 s for the budget, not 15 s, before its 429: the 5 s load below ends in 8 s, not 20 s (0039).
    gatewayEnv: { SERVE_SPA: 'off', OPERATOR_REQUESTS_PER_SECOND: '25', OPERATOR_BULK_WAIT_MS: '3000' },
    startTimeoutMs: 150_000,
  })
}, 240_000)

afterAll(async () => {
  await cluster?.stop()
  await redisAgain?.stop()
}, 60_000)

describe('two gateway instances, one Redis, one sandbox', () => {
  it('an expired access token and 40 concurrent calls over both instances: all 200, one refresh at the operator, still signed in', async () => {
    await control('oidc/lifetimes', { accessTokenSeconds: 2 })
    let cookie: string
    try {
      cookie = await signIn(ALICE)
    } finally {
      await control('oidc/lifetimes', {})
    }
    await new Promise((resolve) => setTimeout(resolve, 2_600))
    const before = await refreshGrants()
    const answers = await Promise.all([...Array(40)].map((_, i) => get(gateway(i), `${REQUESTS}?limit=1`, cookie)))
    const storeLog = cluster.gateways
      .map((g) =>
        g
          .output()
          .split('\n')
          .filter((line) => line.includes('Shared store'))
          .join('\n'),
      )
      .join('\n')
    expect(
      answers.map((r) => r.status),
      storeLog,
    ).toEqual(Array(40).fill(200))
    expect(await refreshGrants()).toBe(before + 1)
    const renewed = renewedCookie(answers[0]!)!
    expect(renewed).toBeDefined()
    // Signed in afterwards on both instances, with the renewed cookie and, within 30 s, with the old one too.
    for (const i of [0, 1]) {
      expect((await get(gateway(i), `${REQUESTS}?limit=1`, renewed)).status).toBe(200)
      expect((await get(gateway(i), `${REQUESTS}?limit=1`, cookie)).status).toBe(200)
    }
    expect(await refreshGrants()).toBe(before + 1)
  }, 60_000)

  it('100 calls a second for 5 s from three people over both instances: no 403 code 53, and the person browsing gets every page within 2 s while two export', async () => {
    const [alice, marc, bruno] = await Promise.all([signIn(ALICE), signIn(MARC), signIn(BRUNO)])
    const pages: { ms: number; status: number; throttled: string }[] = []
    const exports: Response[] = []
    const sent: Promise<void>[] = []
    const started = Date.now()
    for (let tick = 0; tick < 500; tick++) {
      // Every 10 ms one call; a page view of Alice's every 250 ms, the rest the two exports' pages (bulk reads).
      const at = started + tick * 10
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))
      const base = gateway(tick)
      if (tick % 25 === 0) {
        sent.push(
          (async () => {
            const t0 = Date.now()
            const response = await get(base, `${REQUESTS}?limit=20&offset=${(tick / 25) * 20}`, alice)
            await response.arrayBuffer()
            pages.push({ ms: Date.now() - t0, status: response.status, throttled: response.headers.get('Server-Timing') ?? '' })
          })(),
        )
      } else {
        const who = tick % 2 ? marc : bruno
        sent.push(
          (async () => {
            const response = await get(base, `${REQUESTS}?limit=50&offset=${(tick % 12) * 50}`, who, { [BULK_READ_HEADER]: '1' })
            exports.push(new Response(await response.arrayBuffer(), { status: response.status, headers: response.headers }))
          })(),
        )
      }
    }
    await Promise.all(sent)
    const all = [...exports]
    console.log(`page views (ms): ${pages.map((p) => `${p.ms}${p.throttled ? ` (${p.throttled})` : ''}`).join(', ')}`)
    expect(pages).toHaveLength(20)
    for (const page of pages) {
      expect(page.status).toBe(200)
      // The budget holds a page view up well under 2 s while the exports wait their turn (Server-Timing: throttle).
      expect(Number(/throttle;dur=(\d+)/.exec(page.throttled)?.[1] ?? 0)).toBeLessThan(2_000)
      // End to end, the rest is this machine's CPU: 2 cores shared by the whole team's tests (see 0021's figures).
      expect(page.ms).toBeLessThan(5_000)
    }
    // No call reached the operator only to be refused by its spike arrest.
    for (const response of all) {
      if (response.status === 403) expect(ZApiErrorBody.parse(await response.clone().json()).code).not.toBe(ERROR_CODE.tooManyRequests)
    }
    // An export's page is served, or answered 429 with Retry-After and the error entity, to be asked again.
    for (const response of all) {
      expect([200, 429]).toContain(response.status)
      if (response.status === 429) {
        expect(Number(response.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
        expect(ZApiErrorBody.parse(await response.json()).code).toBe(ERROR_CODE.tooManyRequests)
      }
    }
    const served = all.filter((r) => r.status === 200).length
    console.log(
      `throttle: ${pages.length} page views (slowest ${Math.max(...pages.map((p) => p.ms))} ms), ${served}/${all.length} export pages served, ${all.length - served} answered 429`,
    )
    expect(served).toBeGreaterThan(50)
  }, 120_000)

  it('Redis stopped mid-run: both instances keep serving with a logged warning, and share state again once it is back', async () => {
    const cookie = await signIn(ALICE)
    // Each instance has seen the session valid, so it serves it for the grace while Redis is away (0031).
    for (const i of [0, 1]) expect((await get(gateway(i), `${REQUESTS}?limit=1`, cookie)).status).toBe(200)
    const port = cluster.redis.port
    await cluster.redis.stop()
    for (const i of [0, 1]) {
      expect((await get(gateway(i), `${REQUESTS}?limit=1`, cookie)).status).toBe(200)
      // The cloud lists ask the store who the person is: served from this instance's memory.
      expect((await get(gateway(i), '/api/cloud/v1/regions', cookie)).status).toBe(200)
    }
    for (const g of cluster.gateways) expect(g.output()).toContain('Redis is unavailable')
    redisAgain = await startRedis(port)
    const fresh = await signIn(MARC)
    const end = Date.now() + 20_000
    let back = false
    while (!back && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const answers = await Promise.all([0, 1].map((i) => get(gateway(i), '/api/cloud/v1/regions', fresh)))
      expect(answers.map((r) => r.status)).toEqual([200, 200])
      back = cluster.gateways.every((g) => g.output().includes('Redis is back'))
    }
    expect(back).toBe(true)
  }, 60_000)

  it('a session signed out on one instance is refused on the other', async () => {
    const cookie = await signIn(MARC)
    expect((await get(gateway(1), `${REQUESTS}?limit=1`, cookie)).status).toBe(200)
    const signedOut = await fetch(`${gateway(0)}/auth/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: gateway(0), 'Sec-Fetch-Site': 'same-origin', [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE },
    })
    expect(signedOut.status).toBe(204)
    expect((await get(gateway(1), `${REQUESTS}?limit=1`, cookie)).status).toBe(401)
    expect((await get(gateway(0), `${REQUESTS}?limit=1`, cookie)).status).toBe(401)
  }, 60_000)

  it('a duplicate send through the other instance is refused (409 code 64) while the first is in flight', async () => {
    const cookie = await signIn(ALICE)
    const today = (await control('clock')).today as string
    const reference = `PO-${Date.now() % 1e9}`
    const body = JSON.stringify(validBody(today, { customerReference: reference }))
    const send = (i: number) =>
      fetch(`${gateway(i)}${REQUESTS}`, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          Origin: gateway(i),
          'Sec-Fetch-Site': 'same-origin',
          [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE,
          'Content-Type': 'application/json; charset=utf-8',
          Accept: 'application/json',
        },
        body,
      })
    await control('faults', { kind: 'latency', latencyMs: 3_000, path: '/requests', method: 'POST', count: 1 })
    const first = send(0)
    // The first is in flight once the sandbox has taken the fault.
    const end = Date.now() + 10_000
    while (((await control('faults')).faults as unknown[]).length > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20))
    const second = await send(1)
    expect(second.status).toBe(409)
    expect(ZApiErrorBody.parse(await second.json()).code).toBe(ERROR_CODE.sendInFlight)
    const created = await first
    expect(created.status, await created.clone().text()).toBe(201)
  }, 60_000)

  it('rotating SESSION_SECRETS (new,old) keeps existing sessions, on the rotated instance and the other', async () => {
    const cookie = await signIn(MARC, OLD_SECRET)
    await cluster.restartGateway(0, { SESSION_SECRETS: `${NEW_SECRET},${OLD_SECRET}` })
    expect((await get(gateway(0), `${REQUESTS}?limit=1`, cookie)).status).toBe(200)
    expect((await get(gateway(1), `${REQUESTS}?limit=1`, cookie)).status).toBe(200)
    // A cookie sealed with the new secret: the rotated instance reads it, one that only knows the old one does not.
    const sealedNew = await signIn(MARC, NEW_SECRET)
    expect((await get(gateway(0), `${REQUESTS}?limit=1`, sealedNew)).status).toBe(200)
    expect((await get(gateway(1), `${REQUESTS}?limit=1`, sealedNew)).status).toBe(401)
  }, 200_000)
})
