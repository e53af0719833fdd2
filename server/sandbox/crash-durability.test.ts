import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { HEADER } from '@contract/common'
import { startServer, waitHealthy, type ManagedProcess } from '../cluster/cluster'
import { freePort } from '../cluster/redis-server'
import { overHttp, SANDBOX_API_KEY, TEST_CONTROL_SECRET, tokenRequest, validBody } from '../../test/test-app'

/**
 * The sandbox's database under a crash (docs/decisions/0008-seed-data.md): the real server as a process on a database
 * file, 50 writers creating requests at once, SIGKILL in the middle, then the server again on the same file. Every
 * creation answered 201 must still be there and the file must be sound. It fails when a 201 can come before its
 * commit reached the file: a write-behind cache, a transaction held open across calls (tried: a `BEGIN` left open
 * after the seed loses every one). A killed process cannot tell `synchronous = NORMAL` from `OFF`, nor WAL from no
 * journal (tried too: both pass): the kernel keeps what was written. Only a power cut shows those, which this test
 * cannot make.
 */
const WRITERS = 50
/** At most this many creations sent in all, and the kill comes once this many were answered 201. */
const MAX_WRITES = 400
const KILL_AFTER = 150
/** The writing, kill included, stops after this long whatever happened. */
const WRITE_PHASE_MS = 20_000
const START_TIMEOUT_MS = 60_000

const dir = mkdtempSync(join(tmpdir(), 'sandbox-crash-'))
const dbPath = join(dir, 'sandbox.db')
let server: ManagedProcess | null = null

afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** The server `npm start` runs, on 127.0.0.1 only, on the test's database file. */
async function start(name: string): Promise<ManagedProcess> {
  const port = await freePort()
  const started = startServer(
    name,
    port,
    {
      ORDERING_UPSTREAM: 'sandbox',
      SERVE_SPA: 'off',
      SANDBOX_DB_PATH: dbPath,
      SANDBOX_SEED_COUNT: '20',
      SANDBOX_SPIKE_ARREST_PER_SECOND: '0',
      SANDBOX_CONTROL_SECRET: TEST_CONTROL_SECRET,
      ALLOWED_HOSTS: `127.0.0.1:${port}`,
      LOG_REQUESTS: 'off',
    },
    'keep',
  )
  await waitHealthy(started, START_TIMEOUT_MS)
  return started
}

describe('the sandbox killed with SIGKILL while 50 writers create requests', () => {
  it('keeps every creation it answered 201, and its database passes integrity_check', async () => {
    server = await start('sandbox')
    const http = overHttp(() => server!.url)
    const tokenAnswer = await tokenRequest(http, { form: { grant_type: 'client_credentials' } })
    expect(tokenAnswer.status).toBe(200)
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string }
    const clock = await http.fetch('/sandbox/control/clock', { headers: { 'X-Sandbox-Control-Secret': TEST_CONTROL_SECRET } })
    const { today } = (await clock.json()) as { today: string }

    const acknowledged: string[] = []
    let sent = 0
    let cutOff = 0
    let killedAt: number | null = null
    const victim = server
    const exited = new Promise<void>((resolve) => victim.child.once('exit', () => resolve()))
    const kill = () => {
      if (killedAt !== null) return
      killedAt = acknowledged.length
      victim.child.kill('SIGKILL')
    }
    const deadline = setTimeout(kill, WRITE_PHASE_MS)
    const writer = async (index: number) => {
      for (let round = 0; killedAt === null && sent < MAX_WRITES; round++) {
        sent++
        try {
          const response = await http.fetch('/sandbox/ordering/v3/requests', {
            apiKey: SANDBOX_API_KEY,
            token,
            json: validBody(today, { customerReference: `KILL-${index}-${round}` }),
          })
          const body = (await response.json()) as { id?: string }
          expect(response.status, JSON.stringify(body)).toBe(201)
          acknowledged.push(body.id!)
          if (acknowledged.length >= KILL_AFTER) kill()
        } catch (error) {
          // The kill: the connection broke before the answer was whole. Any other failure fails the test.
          if (killedAt === null) throw error
          cutOff++
          return
        }
      }
    }
    try {
      await Promise.all([...Array(WRITERS)].map((_, index) => writer(index)))
    } finally {
      clearTimeout(deadline)
      kill()
    }
    await exited
    server = null
    expect(victim.child.signalCode).toBe('SIGKILL')
    // Mid-way: some creations were under way when the process died.
    expect(cutOff).toBeGreaterThan(0)

    server = await start('sandbox-again')
    const missing: string[] = []
    for (let at = 0; at < acknowledged.length; at += 10) {
      const ids = acknowledged.slice(at, at + 10)
      const answers = await Promise.all(ids.map((id) => http.fetch(`/sandbox/ordering/v3/requests/${id}`, { apiKey: SANDBOX_API_KEY, token })))
      answers.forEach((answer, i) => {
        if (answer.status !== 200) missing.push(`${ids[i]} (${answer.status}, request ${answer.headers.get(HEADER.requestId)})`)
      })
    }
    console.log(
      `kill -9 after ${killedAt} creations answered 201 (${acknowledged.length} in all, ${sent} sent, ${cutOff} cut off); ${acknowledged.length - missing.length} found after the restart`,
    )
    expect(missing).toEqual([])
    await server.stop()
    server = null

    const db = new Database(dbPath, { readonly: true, fileMustExist: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const stored = db.prepare("SELECT count(*) AS n FROM requests WHERE customer_reference LIKE 'KILL-%'").get() as { n: number }
      expect(stored.n).toBeGreaterThanOrEqual(acknowledged.length)
      expect(stored.n).toBeLessThanOrEqual(sent)
    } finally {
      db.close()
    }
  }, 180_000)
})
