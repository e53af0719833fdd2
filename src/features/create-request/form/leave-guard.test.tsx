// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router'
import { describe, expect, it } from 'vitest'
import { leavesForm, useLeaveGuard } from './leave-guard'

function Form({ guarding, active }: { guarding: () => boolean; active: boolean }) {
  const blocker = useLeaveGuard(guarding, active)
  const navigate = useNavigate()
  return (
    <>
      <p>{`blocker: ${blocker.state}`}</p>
      <button type="button" onClick={() => void navigate('/requests')}>
        away
      </button>
      <button type="button" onClick={() => void navigate('/requests/new?item=other')}>
        same page
      </button>
      <button type="button" onClick={() => blocker.proceed?.()}>
        proceed
      </button>
      <button type="button" onClick={() => blocker.reset?.()}>
        stay
      </button>
    </>
  )
}

function setup(guarding: () => boolean, active: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/requests/new', element: <Form guarding={guarding} active={active} /> },
      { path: '/requests', element: <p>list</p> },
    ],
    { initialEntries: ['/requests/new?item=CI-1'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const click = (name: string) => act(() => screen.getByRole('button', { name }).click())

describe('leave guard', () => {
  it('another page leaves the form; the same page with another query does not', () => {
    expect(leavesForm({ pathname: '/requests/new' }, { pathname: '/requests' })).toBe(true)
    expect(leavesForm({ pathname: '/requests/new' }, { pathname: '/requests/new' })).toBe(false)
  })

  it('with unsent changes, leaving waits for the person: stay keeps the form, leave goes', async () => {
    const router = setup(() => true, true)
    await click('away')
    expect(screen.getByText('blocker: blocked')).toBeInTheDocument()
    await click('stay')
    expect(router.state.location.pathname).toBe('/requests/new')
    await click('away')
    await click('proceed')
    expect(await screen.findByText('list')).toBeInTheDocument()
  })

  it('lets the person go when nothing changed', async () => {
    const untouched = setup(() => true, false)
    await click('away')
    expect(untouched.state.location.pathname).toBe('/requests')
  })

  it('a sent form (guarding says no) lets the person go at once', async () => {
    const sent = setup(() => false, true)
    await click('same page')
    expect(sent.state.location.search).toBe('?item=other')
    await click('away')
    expect(sent.state.location.pathname).toBe('/requests')
  })

  it('asks the browser before the tab closes or reloads, only while guarding', () => {
    let guarding = true
    setup(() => guarding, true)
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    guarding = false
    const after = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(false)
  })
})
