import { describe, expect, it } from 'vitest'
import { safeReturnTo, signInPathFor } from './return-to'

describe('the page to return to after signing in', () => {
  it.each([
    ['/', '/'],
    ['/requests/new', '/requests/new'],
    ['/requests?status=OPEN&limit=5#top', '/requests?status=OPEN&limit=5#top'],
    ['/requests/../catalog', '/catalog'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected)
  })

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a relative path', 'requests'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a line break', '/requests\nSet-Cookie: x=1'],
    ['an empty string', ''],
    ['the sign-in page', '/sign-in?returnTo=%2F'],
    ['the callback page', '/auth/callback?code=x&state=y'],
    ['something very long', `/${'a'.repeat(3000)}`],
  ])('leads home instead of to %s', (_what, value) => {
    expect(safeReturnTo(value)).toBe('/')
  })

  it.each([null, undefined, 42, { returnTo: '/x' }])('leads home when the value is not a string (%s)', (value) => {
    expect(safeReturnTo(value)).toBe('/')
  })

  it('puts the asked path on the sign-in page address, except home', () => {
    expect(signInPathFor('/requests/new?x=1')).toBe('/sign-in?returnTo=%2Frequests%2Fnew%3Fx%3D1')
    expect(signInPathFor('/')).toBe('/sign-in')
    expect(signInPathFor('//evil.example')).toBe('/sign-in')
  })
})
