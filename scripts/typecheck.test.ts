import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterEach, describe, expect, it } from 'vitest'
import { ALLOW_DEPRECATED, typecheck } from './typecheck'

const OLD_API = `/** @deprecated Use \`fresh\`. */\nexport function old(): number {\n  return 1\n}\nexport function fresh(): number {\n  return 2\n}\n`

describe('the type check (scripts/typecheck.ts)', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  /** A project of `files` (besides api.ts, with one deprecated function), and what the check says of it. */
  function check(files: Record<string, string>) {
    dir = mkdtempSync(join(tmpdir(), 'typecheck-'))
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'ESNext', moduleResolution: 'bundler', types: [] }, include: ['*.ts'] }),
    )
    writeFileSync(join(dir, 'api.ts'), OLD_API)
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    return typecheck(join(dir, 'tsconfig.json')).diagnostics.map(
      (diagnostic) => `${diagnostic.file?.fileName.split('/').pop()}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    )
  }

  it('finds nothing in a clean project', () => {
    expect(check({ 'use.ts': `import { fresh } from './api'\nexport const n: number = fresh()\n` })).toEqual([])
  })

  it('reports a type error, as tsc does', () => {
    expect(check({ 'use.ts': `export const n: number = 'one'\n` })).toEqual([`use.ts: Type 'string' is not assignable to type 'number'.`])
  })

  it('reports the use of a deprecated declaration as an error', () => {
    expect(check({ 'use.ts': `import { old } from './api'\nexport const n = old()\n` })).toEqual([
      `use.ts: 'old' is deprecated.`,
      `use.ts: The signature '(): number' of 'old' is deprecated.`,
    ])
  })

  it('accepts a deprecated use whose line above says why, and refuses an allowance that allows nothing', () => {
    const allowed = `import { old } from './api'\n// ${ALLOW_DEPRECATED} the test needs the old one\nexport const n = old()\n`
    expect(check({ 'use.ts': allowed })).toEqual([`use.ts: 'old' is deprecated.`])
    expect(check({ 'use.ts': `// ${ALLOW_DEPRECATED} nothing below\nexport const n = 1\n` })).toEqual([
      `use.ts: "${ALLOW_DEPRECATED}" with nothing deprecated on the next line: remove it.`,
    ])
  })
})
