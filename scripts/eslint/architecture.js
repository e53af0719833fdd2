import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The architecture's "never" arrows as a lint rule (docs/architecture.md, "The three parts"): ESLint's core
 * `no-restricted-imports` matches import strings, but whether `../../x` leaves a feature depends on where the
 * importing file sits, so this rule resolves every import (relative, `@/`, `@contract/`) to a path in the
 * repository and checks where it goes.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const toPosix = (path) => path.split(sep).join('/')

/** The repository path an import names, or null for a package. */
export function resolveImport(filename, source) {
  if (source.startsWith('@/')) return `src/${source.slice(2)}`
  if (source.startsWith('@contract/')) return `contract/${source.slice('@contract/'.length)}`
  if (source.startsWith('.')) return toPosix(relative(ROOT, resolve(dirname(filename), source)))
  return null
}

/** What part of the architecture a repository path belongs to. */
export function zoneOf(path) {
  const feature = /^src\/features\/([^/]+)\//.exec(path)
  if (feature) return { kind: 'feature', name: feature[1] }
  // The two entries compose the app: main.tsx in the browser, entry-server.tsx for the gateway's first view (0026).
  if (/^src\/(app\/|main\.tsx$|entry-server\.tsx$)/.test(path)) return { kind: 'app' }
  if (path.startsWith('src/')) return { kind: 'shared' }
  if (path.startsWith('server/sandbox/')) return { kind: 'sandbox' }
  if (path.startsWith('server/gateway/')) return { kind: 'gateway' }
  if (path.startsWith('server/shared/')) return { kind: 'server-shared' }
  if (path.startsWith('server/')) return { kind: 'server' }
  if (path.startsWith('contract/')) return { kind: 'contract' }
  return { kind: 'other' }
}

const isTestFile = (path) => /\.test\.tsx?$/.test(path)

/** Why `from` may not import `to`, or null when it may. */
export function forbiddenImport(fromPath, toPath) {
  const from = zoneOf(fromPath)
  const to = zoneOf(toPath)
  const fromSrc = fromPath.startsWith('src/')
  const toSrc = toPath.startsWith('src/')
  const fromServer = fromPath.startsWith('server/')
  const toServer = toPath.startsWith('server/')
  if ((fromSrc && toServer) || (fromServer && toSrc)) return 'src/ and server/ never import each other: they share only contract/.'
  if (from.kind === 'feature' && to.kind === 'feature' && from.name !== to.name) {
    return `Features never import each other (${from.name} → ${to.name}): move what both need to src/lib or src/components, or compose them in a route under src/app.`
  }
  // The translator gathers the features' message catalogs (data, not code): src/i18n/i18n.ts.
  const catalog = /^src\/features\/[^/]+\/locales\/[^/]+\.json$/.test(toPath) && fromPath.startsWith('src/i18n/')
  if (from.kind === 'shared' && to.kind === 'feature' && !catalog)
    return `Shared code (src/lib, src/components, src/i18n) never imports a feature (${to.name}): features import shared code.`
  if ((from.kind === 'shared' || from.kind === 'feature') && to.kind === 'app')
    return 'Only src/app composes features: shared code and features never import src/app.'
  // Integration tests of one side may drive the other through the sandbox's test support; the code may not.
  if (!isTestFile(fromPath)) {
    if (from.kind === 'sandbox' && to.kind === 'gateway')
      return 'The sandbox never imports the gateway: server/app.ts composes both; what both need lives in server/shared or contract/.'
    if (from.kind === 'gateway' && to.kind === 'sandbox')
      return 'The gateway never imports the sandbox: server/app.ts composes both; what both need lives in server/shared or contract/.'
    // The report is a client of the operator beside the gateway (docs/decisions/0019-overdue-report.md), not part of it.
    if (fromPath.startsWith('server/report/') && to.kind === 'gateway')
      return 'The overdue report never imports the gateway: what both need (the operator dialect, the error model) lives in server/shared or contract/.'
  }
  if (from.kind === 'server-shared' && (to.kind === 'sandbox' || to.kind === 'gateway' || to.kind === 'server')) {
    return 'server/shared is neutral ground: it never imports the sandbox, the gateway or the server that composes them.'
  }
  return null
}

const zones = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the architecture: features, shared code, app; sandbox and gateway; src and server.' },
    schema: [],
  },
  create(context) {
    const fromPath = toPosix(relative(ROOT, context.filename))
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return
      const toPath = resolveImport(context.filename, node.value)
      if (toPath === null) return
      const reason = forbiddenImport(fromPath, toPath)
      if (reason) context.report({ node, message: reason })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export default { meta: { name: 'architecture' }, rules: { zones } }
