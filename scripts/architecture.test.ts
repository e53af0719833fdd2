import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { findCycles, importGraph } from './import-cycles'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

// The repository's own eslint.config.js.
const eslint = new ESLint({ cwd: ROOT })

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'architecture/zones').map((message) => message.message)
}

describe('npm run lint holds the architecture (docs/architecture.md)', () => {
  it('fails on a feature that imports another feature, by alias or by a relative path', async () => {
    expect(await zoneErrors('src/features/requests/components/x.tsx', "import { OVERDUE_SEARCH } from '@/features/dashboard/api/overdue-requests'\n")).toEqual([
      expect.stringContaining('Features never import each other (requests → dashboard)'),
    ])
    expect(
      await zoneErrors('src/features/requests/components/x.tsx', "export { CatalogPage } from '../../create-request/components/catalog-page'\n"),
    ).toHaveLength(1)
    expect(
      await zoneErrors('src/features/requests/components/x.tsx', "const page = () => import('../../cloud/components/cloud-page')\nvoid page\n"),
    ).toHaveLength(1)
  })

  it('lets a feature import itself and shared code, and a route compose features', async () => {
    expect(
      await zoneErrors(
        'src/features/requests/components/x.tsx',
        "import { fieldsOf } from '../columns'\nimport { requestQueries } from '@/lib/queries/requests'\nvoid fieldsOf\nvoid requestQueries\n",
      ),
    ).toEqual([])
    expect(await zoneErrors('src/app/routes/x.tsx', "import { Dashboard } from '@/features/dashboard/components/dashboard'\nvoid Dashboard\n")).toEqual([])
  })

  it('fails on shared code that imports a feature, or src/app', async () => {
    expect(await zoneErrors('src/lib/x.ts', "import { columns } from '@/features/requests/columns'\nvoid columns\n")).toEqual([
      expect.stringContaining('Shared code'),
    ])
    expect(await zoneErrors('src/components/ui/x.tsx', "import { Layout } from '../../app/layout'\nvoid Layout\n")).toEqual([
      expect.stringContaining('Only src/app composes'),
    ])
  })

  it('fails on the sandbox importing the gateway and the gateway importing the sandbox', async () => {
    expect(await zoneErrors('server/sandbox/oidc/x.ts', "import { tokenHandler } from '../../gateway/auth/token-handler'\nvoid tokenHandler\n")).toEqual([
      expect.stringContaining('The sandbox never imports the gateway'),
    ])
    expect(await zoneErrors('server/gateway/x.ts', "import { createSandbox } from '../sandbox/sandbox'\nvoid createSandbox\n")).toEqual([
      expect.stringContaining('The gateway never imports the sandbox'),
    ])
    expect(
      await zoneErrors(
        'server/app.ts',
        "import { createSandbox } from './sandbox/sandbox'\nimport { spa } from './gateway/spa'\nvoid createSandbox\nvoid spa\n",
      ),
    ).toEqual([])
  })

  it('fails on the overdue report importing the gateway, and lets it import server/shared', async () => {
    expect(await zoneErrors('server/report/x.ts', "import { placeApiKey } from '../gateway/x'\nvoid placeApiKey\n")).toEqual([
      expect.stringContaining('The overdue report never imports the gateway'),
    ])
    expect(await zoneErrors('server/report/x.ts', "import { toOperatorQuery } from '../shared/operator-dialect'\nvoid toOperatorQuery\n")).toEqual([])
  })

  it('fails on an order sent with useMutation rather than useSendOnce (0037)', async () => {
    const [result] = await eslint.lintText("import { useMutation } from '@tanstack/react-query'\nvoid useMutation\n", {
      filePath: join(ROOT, 'src/features/create-request/components/x.tsx'),
    })
    expect(result?.messages.map((message) => message.message)).toEqual([expect.stringContaining('useSendOnce')])
    const [elsewhere] = await eslint.lintText("import { useMutation } from '@tanstack/react-query'\nvoid useMutation\n", {
      filePath: join(ROOT, 'src/features/auth/components/x.tsx'),
    })
    expect(elsewhere?.messages).toEqual([])
  })

  it('fails on src and server importing each other', async () => {
    expect(await zoneErrors('src/lib/x.ts', "import { loadConfig } from '../../server/config'\nvoid loadConfig\n")).toHaveLength(1)
    expect(await zoneErrors('server/gateway/x.ts', "import { apiRequest } from '@/lib/api-client'\nvoid apiRequest\n")).toHaveLength(1)
  })
})

describe('the import cycle check (scripts/import-cycles.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true }
  const write = (files: Record<string, string>) => Object.entries(files).map(([name, text]) => (writeFileSync(join(dir, name), text), join(dir, name)))

  it('finds a cycle through static imports and re-exports', () => {
    const files = write({
      'a.ts': "import { b } from './b'\nexport const a = b\n",
      'b.ts': "export { c as b } from './c'\n",
      'c.ts': "import { a } from './a'\nexport const c = () => a\n",
    })
    expect(findCycles(importGraph(files, options))).toEqual([files])
  })

  it('does not count type-only and dynamic imports, which load nothing while a module runs', () => {
    const files = write({
      'd.ts': "import type { E } from './e'\nexport type D = E\n",
      'e.ts': "export type E = string\nexport const load = () => import('./d')\n",
    })
    expect(findCycles(importGraph(files, options))).toEqual([])
  })
})
