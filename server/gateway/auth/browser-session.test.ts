import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ZBrowserSession, ZNoBrowserSession } from '@contract/gateway-auth'
import { startTestApp, type TestApp } from '../../../test/test-app'

let testApp: TestApp
beforeEach(() => {
  testApp = startTestApp()
})
afterEach(() => testApp.close())

async function sessionOf(cookie?: string) {
  return testApp.fetch('/auth/session', cookie ? { headers: { Cookie: cookie } } : {})
}

describe('GET /auth/session (docs/decisions/0011-sign-in.md)', () => {
  it('says nobody is signed in, with a 200 not cached, when the browser has no session cookie or an unreadable one', async () => {
    for (const cookie of [undefined, 'oc_session=not-a-session']) {
      const response = await sessionOf(cookie)
      // Not a 401: a signed-out visitor's console shows no failed call on every page (docs/decisions/0011-sign-in.md).
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(ZNoBrowserSession.parse(await response.json())).toEqual({ signedIn: false })
    }
  })

  it('says whose the session is, until when it lives, and that the cloud lists are the person’s company’s', async () => {
    const token = await testApp.mintToken({ customerId: 'C001' })
    const cookie = await testApp.sessionCookie(token, { sub: 'alice', refreshToken: 'refresh-1' })
    const response = await sessionOf(cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = ZBrowserSession.parse(await response.json())
    expect(body.sub).toBe('alice')
    // A session with a refresh token lives as long as it (a year), not as long as the access token (an hour).
    expect(body.expiresAt).toBeGreaterThan(Math.floor(testApp.clock.now() / 1000) + 300 * 24 * 3600)
    expect(body.cloud).toBe(true)
  })

  it('offers no cloud to a person of another company than the cloud key’s', async () => {
    const token = await testApp.mintToken({ customerId: 'C002' })
    const body = ZBrowserSession.parse(await (await sessionOf(await testApp.sessionCookie(token, { sub: 'bruno' }))).json())
    expect(body).toMatchObject({ sub: 'bruno', cloud: false })
  })

  it('still answers who is signed in when the ordering API cannot say whose company it is', async () => {
    const token = await testApp.mintToken({ customerId: 'C001' })
    const cookie = await testApp.sessionCookie(token, { sub: 'alice' })
    await testApp.control('maintenance', { enabled: true })
    const response = await sessionOf(cookie)
    expect(response.status).toBe(200)
    const body = ZBrowserSession.parse(await response.json())
    expect(body.sub).toBe('alice')
    expect(body.cloud).toBeUndefined()
  })
})
