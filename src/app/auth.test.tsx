// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startInProcessServer, type InProcessServer } from '../../test/in-process-fetch'
import { renderApp } from '../../test/render-app'
import { signInArgs } from '@/features/auth/sign-in'
import { ApiError } from '@/lib/api-error'
import { changeLanguage } from '@/i18n/i18n'

let server: InProcessServer
beforeAll(() => {
  server = startInProcessServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await changeLanguage('en')
})

/** The sign-in request oidc-client-ts sent the browser to, and the state it kept for the way back. */
function signInRequest(url: string | undefined) {
  const target = new URL(url ?? '')
  const stored = window.sessionStorage.getItem(`oidc.${target.searchParams.get('state')}`)
  return { target, params: target.searchParams, state: JSON.parse(stored ?? 'null') as { data: unknown } | null }
}

describe('signing in', () => {
  it('shows a signed-out person who opens a protected page what the product is and one way in, keeping the page', async () => {
    await renderApp({ server, path: '/requests/new' })
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeInTheDocument()
    expect(within(main).getByText(/orders network services from your operator/)).toBeInTheDocument()
    // The usual sign-in and the mobile number's (docs/decisions/0017-mobile-connect.md).
    expect(
      within(main)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Sign in', 'Use my mobile number'])
    expect(within(main).getByRole('button', { name: 'Sign in' })).toBeEnabled()
    expect(window.location.pathname).toBe('/sign-in')
    expect(new URLSearchParams(window.location.search).get('returnTo')).toBe('/requests/new')
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()
  })

  it('speaks French on the sign-in page when asked', async () => {
    await changeLanguage('fr')
    await renderApp({ server, path: '/sign-in' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Connectez-vous à Ordering Console' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
  })

  it('sends the browser to the gateway’s authorize endpoint with PKCE, a nonce and a state that keeps the page', async () => {
    const { redirects } = await renderApp({ server, path: '/requests/new' })
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(redirects).toHaveLength(1))
    const { target, params, state } = signInRequest(redirects[0])
    expect(`${target.origin}${target.pathname}`).toBe(`${window.location.origin}/auth/authorize`)
    expect(Object.fromEntries(params)).toMatchObject({
      client_id: 'ordering-console-sandbox',
      redirect_uri: `${window.location.origin}/auth/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
      ui_locales: 'en',
    })
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'offline_access', 'b2b:ordering']))
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(params.get('nonce')).toMatch(/^[0-9a-f-]{36}$/)
    expect(params.has('prompt')).toBe(false)
    expect(state?.data).toEqual({ returnTo: '/requests/new' })
  })

  it('shows the sign-in page before the sign-in library, which comes when the person reaches for the button', async () => {
    const { userManagerLoads, redirects } = await renderApp({ server, path: '/requests' })
    const button = await screen.findByRole('button', { name: 'Sign in' })
    expect(userManagerLoads()).toBe(0)
    await userEvent.hover(button)
    expect(userManagerLoads()).toBe(1)
    await userEvent.click(button)
    await waitFor(() => expect(redirects).toHaveLength(1))
    expect(userManagerLoads()).toBe(1)
  })

  it('says a sign-in that cannot start could not, with the request id, and keeps the page usable', async () => {
    const error = new ApiError({ status: 503, body: { code: 5, message: 'Service unavailable' }, requestId: 'rid-sign-in-0001' })
    await renderApp({ server, path: '/requests', signInLibraryError: error })
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The sign-in page could not be opened. Try again in a moment.')
    expect(within(alert).getByText('rid-sign-in-0001')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it('signs in through the sandbox’s pages and the gateway, and lands on the page that was asked for', async () => {
    const first = await renderApp({ server, path: '/requests/new' })
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(first.redirects).toHaveLength(1))
    const callback = new URL(await server.authorize(first.redirects[0]!, { username: 'alice@acme.example' }))
    expect(callback.searchParams.has('code')).toBe(true)
    first.unmount()

    const second = await renderApp({ server, path: `${callback.pathname}${callback.search}` })
    expect(await screen.findByRole('heading', { level: 1, name: 'New request' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/requests/new')
    expect(window.location.search).toBe('')
    const account = screen.getByRole('group', { name: 'Your account' })
    expect(await within(account).findByText('Alice Martin')).toBeInTheDocument()
    expect(within(account).getByText('Acme Industries')).toBeInTheDocument()
    // The browser holds the ID token and the gateway's handles, never an operator's token.
    const user = await second.userManager.getUser()
    expect(user?.access_token).toMatch(/^h\./)
    expect(user?.refresh_token).toMatch(/^h\./)
    expect(user?.profile.name).toBe('Alice Martin')
  })

  it('says a cancelled consent was cancelled, and signs in again from there, back to the same page', async () => {
    await fetch('/sandbox/control/oidc/revoke-consent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bruno@blueharbor.example' }),
    })
    const first = await renderApp({ server, path: '/requests/new' })
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(first.redirects).toHaveLength(1))
    const callback = new URL(await server.authorize(first.redirects[0]!, { username: 'bruno@blueharbor.example', decision: 'cancel' }))
    expect(callback.searchParams.get('error')).toBe('access_denied')
    first.unmount()

    const second = await renderApp({ server, path: `${callback.pathname}${callback.search}` })
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not signed in' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('You cancelled the sign-in. Sign in again when you are ready.')
    await waitFor(() => expect(window.location.search).toBe(''))
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }))
    await waitFor(() => expect(second.redirects).toHaveLength(1))
    expect(signInRequest(second.redirects[0]).state?.data).toEqual({ returnTo: '/requests/new' })
  })

  it('shows a clear message, not a blank page, when the callback has nothing to match', async () => {
    await renderApp({ server, path: '/auth/callback?error=server_error&state=unknown-state' })
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in could not be completed. Sign in again')
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument()
  })
})

describe('a browser signed in once (docs/decisions/0011-sign-in.md)', () => {
  it('opens a pasted link signed in, without a click and with nothing in the tab’s storage: the gateway’s session says who', async () => {
    const { redirects } = await renderApp({ server, signedInAs: 'alice@acme.example', path: '/requests/new' })
    expect(await screen.findByRole('heading', { level: 1, name: 'New request' })).toBeInTheDocument()
    expect(redirects).toEqual([])
    // Only the page's own hint is kept (no token, no handle): whose the session is and until when.
    expect(Object.keys(window.sessionStorage)).toEqual(['ordering-console.session'])
    expect(window.sessionStorage.getItem('ordering-console.session')).not.toMatch(/h\./)
  })
})

describe('a session the gateway no longer knows', () => {
  it('sends a browser that remembered one to the sign-in page, keeping the page', async () => {
    const { redirects } = await renderApp({ server, path: '/requests/new', staleUser: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeInTheDocument()
    expect(new URLSearchParams(window.location.search).get('returnTo')).toBe('/requests/new')
    expect(screen.queryByText('You are signed out.')).not.toBeInTheDocument()
    expect(redirects).toEqual([])
  })

  it('turns a silent sign-in the authorization server refuses into one that asks the person, keeping the page', async () => {
    const first = await renderApp({ server, path: '/sign-in' })
    // The redirect never resolves in jsdom: the page would be gone.
    void (await first.session.userManager()).signinRedirect(signInArgs({ returnTo: '/requests/new', silent: true }))
    await waitFor(() => expect(first.redirects).toHaveLength(1))
    const silent = signInRequest(first.redirects[0])
    expect(silent.params.get('prompt')).toBe('none')
    expect(silent.state?.data).toEqual({ returnTo: '/requests/new', silent: true })
    first.unmount()

    const callback = new URLSearchParams({ error: 'login_required', state: silent.params.get('state')! })
    const second = await renderApp({ server, path: `/auth/callback?${callback}` })
    await waitFor(() => expect(second.redirects).toHaveLength(1))
    const interactive = signInRequest(second.redirects[0])
    expect(interactive.params.has('prompt')).toBe(false)
    expect(interactive.state?.data).toEqual({ returnTo: '/requests/new' })
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…')
  })
})

describe('the header of a signed-in person', () => {
  it('signs out: the gateway forgets the session, the page forgets the person and asks the next one for a password', async () => {
    const { session, redirects } = await renderApp({ server, signedInAs: 'alice@acme.example' })
    const account = await screen.findByRole('group', { name: 'Your account' })
    expect(await within(account).findByText('Alice Martin')).toBeInTheDocument()
    await userEvent.click(within(account).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Ordering Console' })).toBeInTheDocument()
    expect(screen.getByText('You are signed out.')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Your account' })).not.toBeInTheDocument()
    expect(session.getSnapshot()).toMatchObject({ signedIn: false, signedOut: true })
    expect(window.sessionStorage.getItem('ordering-console.session')).toBeNull()
    expect((await fetch('/api/ordering/v3/me')).status).toBe(401)
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(redirects).toHaveLength(1))
    expect(signInRequest(redirects[0]).params.get('prompt')).toBe('login')
  })

  it('shows who is signed in, for which customer, with full access and the create action', async () => {
    await renderApp({ server, signedInAs: 'alice@acme.example' })
    const account = await screen.findByRole('group', { name: 'Your account' })
    expect(await within(account).findByText('Alice Martin')).toBeInTheDocument()
    expect(within(account).getByText('Acme Industries')).toBeInTheDocument()
    expect(within(account).getByText('Full access')).toBeInTheDocument()
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'New request' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'New request' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Business internet access' })).toHaveAttribute('href', '/requests/new?item=CI-INTERNET-ACCESS')
  })

  it('offers a read-only person no create action and says their access is read-only', async () => {
    await renderApp({ server, signedInAs: 'marc@acme.example' })
    const account = await screen.findByRole('group', { name: 'Your account' })
    expect(await within(account).findByText('Read-only access')).toBeInTheDocument()
    expect(within(account).getByText('Acme Industries')).toBeInTheDocument()
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Home' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'New request' })).not.toBeInTheDocument()
  })
})
