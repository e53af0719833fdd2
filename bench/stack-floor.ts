/**
 * The JavaScript floor of the console's stack: `npm run bench:floor` (also the end of `npm run bench`).
 *
 * Builds tiny apps (bench/floor/*.tsx) with the project's own Vite and React plugin, production mode, and prints
 * the gzip size (level 9, as the browser bench counts) of all the JavaScript each one ships, and what each library
 * adds over React alone. It answers "how much of the list page's budget is spent before a line of the product"
 * with figures anyone can rerun after a library upgrade (docs/decisions/0012-list-page-javascript-budget.md).
 */
import react from '@vitejs/plugin-react'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const FLOOR = resolve(dirname(fileURLToPath(import.meta.url)), 'floor')
const APPS = [
  ['react', 'React + ReactDOM'],
  ['react-router-data', '+ React Router, data mode (loaders, lazy routes, blocker)'],
  ['react-router-declarative', '+ React Router, declarative mode (for comparison)'],
  ['tanstack-query', '+ TanStack Query'],
  ['zod-mini', '+ zod/mini, one response schema'],
  ['zod-classic', '+ classic zod, the same schema (for comparison)'],
  ['stack', 'the stack together: React, React Router data mode, TanStack Query, zod/mini'],
] as const

export async function measureStackFloor(only?: (typeof APPS)[number][0]): Promise<{ app: string; label: string; gzipBytes: number }[]> {
  const out = mkdtempSync(join(tmpdir(), 'stack-floor-'))
  try {
    const sizes = []
    for (const [app, label] of APPS.filter(([name]) => only === undefined || name === only)) {
      const outDir = join(out, app)
      await build({
        configFile: false,
        logLevel: 'silent',
        mode: 'production',
        root: FLOOR,
        plugins: [react()],
        build: { outDir, emptyOutDir: true, target: 'es2022', rolldownOptions: { input: join(FLOOR, `${app}.tsx`) } },
      })
      const assets = join(outDir, 'assets')
      const js = readdirSync(assets).filter((name) => name.endsWith('.js'))
      const gzipBytes = js.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0)
      sizes.push({ app, label, gzipBytes })
    }
    return sizes
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

/** The stack together (React Router in data mode), gzip bytes: the floor the list's budget counts from. */
export async function stackFloorBytes(): Promise<number> {
  return (await measureStackFloor('stack'))[0]!.gzipBytes
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = await measureStackFloor()
  const reactAlone = sizes.find((size) => size.app === 'react')!.gzipBytes
  console.log('\nThe stack before any product code (gzip level 9, all JavaScript of a tiny app, production build):')
  for (const { app, label, gzipBytes } of sizes) {
    const added = app === 'react' || app === 'stack' ? '' : ` (adds ${kib(gzipBytes - reactAlone)})`
    console.log(`  ${label.padEnd(80)} ${kib(gzipBytes).padStart(10)}${added}`)
  }
}
