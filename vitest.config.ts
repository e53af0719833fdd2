import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, mergeConfig } from 'vitest/config'
import { pageBuild } from './vite.config.ts'
import { GroupedSequencer } from './scripts/vitest-sequencer.ts'

/**
 * Page tests that mock modules (`vi.mock`), load them again (`vi.resetModules`) or leave the API client reading for a
 * server render (src/entry-server.tsx): each in a worker of its own.
 */
const PAGE_ISOLATED = [
  'src/app/shell/signed-in-part.test.tsx',
  'src/features/create-request/components/lazy-fields.test.tsx',
  'src/i18n/use-translation.test.tsx',
  'src/entry-server.test.tsx',
]

const reactRouter = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/development/${file}`, import.meta.url))

export default mergeConfig(
  pageBuild,
  defineConfig({
    resolve: {
      // Node's export conditions would load react-router twice (CommonJS and ESM), and `react-router/dom`
      // would then not see the router context; the browser build has one copy, so do the tests.
      alias: [
        { find: /^react-router$/, replacement: reactRouter('index.mjs') },
        { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
      ],
    },
    test: {
      // The server's files share their worker's modules (`isolate: false`): each still starts its own servers and
      // databases, and evaluating zod, Hono and the sandbox again for every file took half of their CPU. So do the page's
      // (docs/decisions/0039-test-run-time.md): a new worker per file set up jsdom and loaded the app again each time.
      // The files that mock or reset modules keep a fresh module graph each (`page-isolated`).
      projects: [
        {
          extends: true,
          test: { name: 'server', include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false },
        },
        { extends: true, test: { name: 'page', include: ['src/**/*.test.{ts,tsx}'], exclude: PAGE_ISOLATED, isolate: false } },
        { extends: true, test: { name: 'page-isolated', include: PAGE_ISOLATED } },
      ],
      sequence: { sequencer: GroupedSequencer },
      environment: 'node',
      setupFiles: ['./scripts/vitest-setup.ts'],
      server: { deps: { inline: [/react-router/] } },
      testTimeout: 20_000,
      // Vitest's default is one worker per core less one: a single worker on the 2-core CI machine. Most files wait on
      // sockets (servers in-process, children, Redis), so two workers nearly halve the run there.
      // A worker a core where there are more (at most 8).
      maxWorkers: Math.min(8, Math.max(2, availableParallelism())),
      // As Playwright: one retry in CI for timing under a loaded 2-core machine; Vitest's report names every retried test.
      retry: process.env.CI ? 1 : 0,
      hookTimeout: 60_000,
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/vitest.json' },
    },
  }),
)
