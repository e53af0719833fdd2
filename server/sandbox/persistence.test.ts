import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import { createOk, startTestApp, validBody } from '../../test/test-app'

/** The sandbox on a database file: what was created survives closing the server and building it again. */
const dir = mkdtempSync(join(tmpdir(), 'ordering-sandbox-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a sandbox on a file', () => {
  it('keeps created requests, tokens and the clock across a restart, without seeding again', async () => {
    const env = { SANDBOX_DB_PATH: join(dir, 'nested', 'sandbox.db'), SANDBOX_SEED_COUNT: '120' }
    const first = startTestApp(env)
    const token = await first.mintToken()
    await first.advanceSandbox({ days: 3 })
    const today = first.today()
    const { request } = await createOk(first, token, validBody(today, { customerReference: 'SURVIVOR' }))
    const count = await first.countRequests(token)
    first.close()

    // Another seed count on restart: an existing database is never seeded again.
    const second = startTestApp({ ...env, SANDBOX_SEED_COUNT: '500' })
    try {
      expect(second.today()).toBe(today)
      const response = await second.call(`/requests/${request.id}`, { token })
      expect(response.status).toBe(200)
      expect(ZRequest.parse(await response.json())).toEqual(ZRequest.parse(request))
      expect(await second.countRequests(token)).toBe(count)
      // And the lifecycle goes on from where it was.
      await second.advanceSandbox({ hours: 5 })
      const moved = ZRequest.parse(await (await second.call(`/requests/${request.id}`, { token })).json())
      expect(moved.status).toBe('IN_PROGRESS')
    } finally {
      second.close()
    }
  })
})
