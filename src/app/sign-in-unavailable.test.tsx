// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error'
import { createAuthSession } from '@/features/auth/session'
import { App } from './app'

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the sign-in page when the gateway cannot say how to sign in', () => {
  it('shows, and says on the click that signing in could not start, with the error and a way to try again, instead of a blank page', async () => {
    const session = createAuthSession({
      storage: window.sessionStorage,
      loadUserManager: () => Promise.reject(new ApiError({ status: 0, requestId: null, kind: 'network', message: 'Failed to fetch' })),
    })
    window.history.replaceState(null, '', '/requests')
    render(<App session={session} />)
    // The page needs nothing of the sign-in library to show (docs/decisions/0024-delivery.md); the click does.
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect(window.location.pathname).toBe('/sign-in')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The sign-in page could not be opened. Try again in a moment.')
    expect(within(alert).getByRole('button', { name: /try again/i })).toBeInTheDocument()
    session.dispose()
  })
})
