import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, vi } from 'vitest'

// A test that makes the app log an error fails, so that no error goes unnoticed (epic-stack's rule).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})
