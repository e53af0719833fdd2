// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { FIRST_VIEW_KEYS, LIST_STORAGE_KEYS } from '@contract/first-view'
import { ZFirstViewCookie } from '@contract/first-view-cookie'
import { rememberFirstView } from './first-view'

const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${FIRST_VIEW_KEYS.cookie}=`))
    ?.slice(FIRST_VIEW_KEYS.cookie.length + 1)

afterEach(() => {
  localStorage.clear()
  document.cookie = `${FIRST_VIEW_KEYS.cookie}=; Path=/; Max-Age=0`
})

describe('the first-view cookie', () => {
  it('carries the language, the time zone and the list’s stored columns and density, as the gateway reads them', () => {
    localStorage.setItem(LIST_STORAGE_KEYS.columns, '["id","status"]')
    localStorage.setItem(LIST_STORAGE_KEYS.density, 'comfortable')
    localStorage.setItem('ordering-console.session', '{"sub":"alice"}')
    rememberFirstView('fr')
    const parsed = ZFirstViewCookie.parse(JSON.parse(decodeURIComponent(cookieValue()!)))
    expect(parsed).toEqual({
      language: 'fr',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      // The browser's locale of the language shown, else France's French (jsdom speaks American English).
      locale: 'fr-FR',
      stored: { [LIST_STORAGE_KEYS.columns]: '["id","status"]', [LIST_STORAGE_KEYS.density]: 'comfortable' },
    })
  })

  it('follows a change: a density put back to the default is no longer carried', () => {
    localStorage.setItem(LIST_STORAGE_KEYS.density, 'comfortable')
    rememberFirstView('en')
    localStorage.removeItem(LIST_STORAGE_KEYS.density)
    rememberFirstView('en')
    expect(ZFirstViewCookie.parse(JSON.parse(decodeURIComponent(cookieValue()!))).stored).toEqual({})
  })
})
