// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error'
import { createAuthSession } from '@/features/auth/session'
import { App } from './app'

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the sign-in page when the gateway cannot say how to sign in', () => {
  it('says signing in is unavailable, with the error and a way to try again, instead of a blank page', async () => {
    const session = createAuthSession({
      storage: window.sessionStorage,
      loadUserManager: () => Promise.reject(new ApiError({ status: 0, requestId: null, kind: 'network', message: 'Failed to fetch' })),
    })
    window.history.replaceState(null, '', '/requests')
    render(<App session={session} />)
    expect(await screen.findByText('Signing in is unavailable right now.')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/sign-in')
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
    session.dispose()
  })
})
