import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, mergeConfig } from 'vitest/config'
import { pageBuild } from './vite.config.ts'

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
      // databases, and evaluating zod, Hono and the sandbox again for every file took half of their CPU. The page's files
      // keep a fresh module graph each: their lazy routes, i18n and query caches are module state a file may rely on.
      projects: [
        {
          extends: true,
          test: { name: 'server', include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false },
        },
        { extends: true, test: { name: 'page', include: ['src/**/*.test.{ts,tsx}'] } },
      ],
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
