// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { useSignedInHeader } from './signed-in-part'

// How many times the page asked for the part's module: the factory runs when it is first imported.
const asked = vi.hoisted(() => ({ count: 0 }))
vi.mock('./signed-in-header', async (importOriginal) => {
  asked.count++
  return importOriginal()
})

// The module keeps what it loaded for the page's life: these steps run in order, in one page.
it('asks for the header’s signed-in part only once someone is signed in, and gives it once it has come', async () => {
  const { result, rerender } = renderHook(({ signedIn }) => useSignedInHeader(signedIn), { initialProps: { signedIn: false } })
  // Nobody signed in: nothing is asked for (the sign-in page goes without it).
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
  expect(asked.count).toBe(0)
  expect(result.current).toBeUndefined()

  rerender({ signedIn: true })
  await waitFor(() => expect(result.current).toBeDefined(), { timeout: 10_000 })
  expect(asked.count).toBe(1)
  expect(typeof result.current?.SignedInNav).toBe('function')
  expect(typeof result.current?.AccountMenu).toBe('function')

  // Signed out again, the part already loaded stays: a later sign-in shows it at once, without asking again.
  rerender({ signedIn: false })
  rerender({ signedIn: true })
  expect(result.current).toBeDefined()
  expect(asked.count).toBe(1)
})

it('holds a page’s first render two seconds at the most: offline, the page shows without the part', async () => {
  vi.resetModules()
  const { signedInHeaderForFirstRender } = await import('./signed-in-part')
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  vi.useFakeTimers()
  try {
    let settled = false
    void signedInHeaderForFirstRender(true).then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(1_900)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(100)
    expect(settled).toBe(true)
    // Nobody signed in: nothing to wait for.
    await expect(signedInHeaderForFirstRender(false)).resolves.toBeUndefined()
  } finally {
    vi.useRealTimers()
    online.mockRestore()
  }
})
