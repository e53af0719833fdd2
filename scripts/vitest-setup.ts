import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, vi } from 'vitest'

// A test that makes the app log an error fails, so that no error goes unnoticed (epic-stack's rule).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')}`)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

// Component tests (jsdom) unmount what they rendered after each test.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  afterEach(cleanup)
  // Pages load with their routes (lazy): Vitest transforms a page's modules on its first visit, which on a
  // busy machine takes longer than Testing Library's default second.
  configure({ asyncUtilTimeout: 5_000 })
}
