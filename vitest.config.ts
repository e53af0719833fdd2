import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
      environment: 'node',
      setupFiles: ['./scripts/vitest-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/vitest.json' },
    },
  }),
)
