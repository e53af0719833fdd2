import { vi } from 'vitest'
import { buildApp, type BuiltApp } from '../server/app'
import { loadConfig } from '../server/config'

/**
 * For SPA tests in jsdom: the real server (gateway and sandbox) built in-process, with the browser's
 * `fetch` routed to it. No hand-written response: what the SPA reads is what the sandbox answers.
 */
export function startInProcessServer(env: Record<string, string> = {}): BuiltApp {
  const built = buildApp(loadConfig({ SANDBOX_DB_PATH: ':memory:', SERVE_SPA: 'off', SANDBOX_SEED_COUNT: '300', ...env }))
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    return built.app.fetch(new Request(url, init))
  })
  return built
}
