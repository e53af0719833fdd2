import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/**
 * Finds import cycles with the TypeScript compiler's own module resolution (the tsconfig's paths: `@/`,
 * `@contract/`), the job eslint-plugin-import-x's `no-cycle` would do (its native parts do not install here).
 * Counted: static imports and re-exports that load a module when it runs; not counted: `import type` (erased)
 * and dynamic `import()` (loaded later, never during a module's evaluation). `npm run lint` runs it.
 */

/** The repository files each file imports (static, value-level), as absolute paths. */
export function importGraph(fileNames: readonly string[], options: ts.CompilerOptions): Map<string, string[]> {
  const host = ts.createCompilerHost(options)
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options)
  const files = new Set(fileNames.map((name) => resolve(name)))
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, false)
    const targets: string[] = []
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined
      if (ts.isImportDeclaration(statement) && statement.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword) specifier = statement.moduleSpecifier
      if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier
      if (!specifier || !ts.isStringLiteral(specifier)) continue
      const resolved = ts.resolveModuleName(specifier.text, file, options, host, cache).resolvedModule
      if (resolved && !resolved.isExternalLibraryImport && files.has(resolve(resolved.resolvedFileName))) targets.push(resolve(resolved.resolvedFileName))
    }
    graph.set(file, targets)
  }
  return graph
}

/** Every cycle of the graph, one per strongly connected component (Tarjan), each as the files in import order. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const cycles: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.reverse())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

/** The cycles among the files of a tsconfig. */
export function importCyclesOf(tsconfigPath: string): string[][] {
  const config = ts.getParsedCommandLineOfConfigFile(tsconfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })
  if (!config) throw new Error(`cannot read ${tsconfigPath}`)
  return findCycles(importGraph(config.fileNames, config.options))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const cycles = importCyclesOf(resolve(root, 'tsconfig.json'))
  for (const cycle of cycles) console.error(`Import cycle: ${[...cycle, cycle[0]!].map((file) => relative(root, file)).join(' → ')}`)
  if (cycles.length > 0) process.exit(1)
  console.log('No import cycle.')
}
