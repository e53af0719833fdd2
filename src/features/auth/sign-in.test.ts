import { describe, expect, it } from 'vitest'
import { readSignInState, signInArgs } from './sign-in'

describe('the arguments of a sign-in redirect', () => {
  it('carry a fresh nonce every time and the page to return to', () => {
    const first = signInArgs({ returnTo: '/requests/new' })
    const second = signInArgs({ returnTo: '/requests/new' })
    expect(first.nonce).toMatch(/^[0-9a-f-]{36}$/)
    expect(second.nonce).not.toBe(first.nonce)
    expect(first.state).toEqual({ returnTo: '/requests/new' })
    expect(first.prompt).toBeUndefined()
  })

  it('ask for no page on a silent attempt, and for the login page after a sign-out', () => {
    expect(signInArgs({ returnTo: '/', silent: true })).toMatchObject({ prompt: 'none', state: { returnTo: '/', silent: true } })
    expect(signInArgs({ returnTo: '/', forceLogin: true })).toMatchObject({ prompt: 'login' })
  })

  it('never carry a return address off this site', () => {
    expect(signInArgs({ returnTo: 'https://evil.example' }).state).toEqual({ returnTo: '/' })
    expect(readSignInState({ returnTo: '//evil.example', silent: true })).toEqual({ returnTo: '/', silent: true })
    expect(readSignInState('garbage')).toEqual({ returnTo: '/' })
  })
})
