import { createMemoryRouter } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import { atMostForFirstRender, FIRST_RENDER_WAIT_MS, openedPageLoaded } from './first-render'

afterEach(() => {
  vi.useRealTimers()
})

it('waits for the opened page’s code before the first render, and not at all once it is there', async () => {
  let arrive!: () => void
  const code = new Promise<void>((resolve) => (arrive = resolve))
  const router = createMemoryRouter([{ path: '/requests', lazy: async () => (await code, { Component: () => null }) }], { initialEntries: ['/requests'] })
  let loaded = false
  void openedPageLoaded(router).then(() => (loaded = true))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(loaded).toBe(false)
  arrive()
  await vi.waitFor(() => expect(loaded).toBe(true))
  // Loaded already (a page without code of its own, or a second call): nothing to wait for.
  await expect(openedPageLoaded(router)).resolves.toBeUndefined()
  router.dispose()
})

it('holds the first render FIRST_RENDER_WAIT_MS at the most: a page whose code does not come is not waited for longer', async () => {
  vi.useFakeTimers()
  let settled = false
  void atMostForFirstRender(new Promise(() => undefined)).then(() => (settled = true))
  await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 100)
  expect(settled).toBe(false)
  await vi.advanceTimersByTimeAsync(100)
  expect(settled).toBe(true)
})
