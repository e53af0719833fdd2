import type { KnipConfig } from 'knip'

/**
 * Unused files, exports and dependencies (`npm run lint`, docs/decisions/0037-one-way-each.md). Knip's plugins find
 * most entries by themselves: Vite's page (`index.html` → `src/main.tsx`), the package's scripts (the server, the
 * cluster, the seed, the report, the benchmarks), Vitest's and Playwright's tests and configurations, ESLint's.
 * What they cannot see is listed here.
 */
const config: KnipConfig = {
  entry: [
    // Built by `vite build --ssr src/entry-server.tsx` and loaded by the gateway's first view from dist-server/.
    'src/entry-server.tsx',
    // The lint's own rules and checks, and the test runner's scripts.
    'scripts/**/*.{ts,js,mjs}',
    // Every benchmark, the ones run by another benchmark included.
    'bench/**/*.{ts,tsx}',
  ],
  project: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'test/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.{ts,tsx}', 'scripts/**/*.{ts,js,mjs}'],
  // Lighthouse's own dependencies, which bench/network.ts drives directly at the versions Lighthouse brings.
  ignoreDependencies: ['chrome-launcher', 'puppeteer-core'],
  ignoreExportsUsedInFile: true,
}

export default config
