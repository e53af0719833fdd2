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
  // Components rendered without their route still find their feature's messages (src/app/lazy-page.ts).
  const { detectLanguage, i18n, loadAllMessages } = await import('@/i18n/i18n')
  await loadAllMessages()
  // The page's files share their worker's jsdom and modules (vitest.config.ts, docs/decisions/0039-test-run-time.md):
  // each file starts from what a new tab has, as it did in a worker of its own. Nothing remembered in the storages
  // (language, columns, drafts), no clipboard (user-event's stub of an earlier file), the language a first load picks.
  localStorage.clear()
  sessionStorage.clear()
  Reflect.deleteProperty(window.navigator, 'clipboard')
  await i18n.changeLanguage(detectLanguage())
}
