// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error'
import { isSessionLost, mayTrySignInAgain } from './session-lost'

const unauthorized = (code: number) => new ApiError({ status: 401, body: { code, message: 'Unauthorized' }, requestId: 'r-1' })

describe('a lost session', () => {
  it('is a 401 with code 40 (no credentials) or 41 (invalid credentials)', () => {
    expect(isSessionLost(unauthorized(40))).toBe(true)
    expect(isSessionLost(unauthorized(41))).toBe(true)
  })

  it('is an expired token too: the gateway refreshes those itself, so one that reaches the page could not be', () => {
    expect(isSessionLost(unauthorized(42))).toBe(true)
  })

  it('is not a refusal or any other failure', () => {
    expect(isSessionLost(new ApiError({ status: 403, body: { code: 50, message: 'Forbidden' }, requestId: null }))).toBe(false)
    expect(isSessionLost(new ApiError({ status: 0, requestId: null, kind: 'network' }))).toBe(false)
    expect(isSessionLost(new Error('401'))).toBe(false)
  })

  it('is answered by one sign-in a minute at most, so that a session that cannot hold never loops', () => {
    window.sessionStorage.clear()
    const start = Date.parse('2026-05-04T10:00:00Z')
    expect(mayTrySignInAgain(window.sessionStorage, start)).toBe(true)
    expect(mayTrySignInAgain(window.sessionStorage, start + 30_000)).toBe(false)
    expect(mayTrySignInAgain(window.sessionStorage, start + 61_000)).toBe(true)
    window.sessionStorage.clear()
  })
})
