import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/**
 * The type check, and the deprecated APIs, from one TypeScript program (docs/decisions/0039-test-run-time.md): what
 * `tsc -p tsconfig.json` reports, and every use of a declaration marked `@deprecated` (TypeScript's own suggestion,
 * the one an editor strikes through), as an error. A deprecated API is replaced when it is met, not when it is removed.
 * A use kept on purpose says why on the line above: `// typecheck-allow-deprecated: <why>`; such a line with nothing
 * deprecated below it is an error too.
 */
export const ALLOW_DEPRECATED = 'typecheck-allow-deprecated:'

interface TypecheckResult {
  diagnostics: ts.Diagnostic[]
  files: number
}

/** Checks the project of `tsconfigPath`: its type errors, its deprecated uses and its allowances that allow nothing. */
export function typecheck(tsconfigPath: string): TypecheckResult {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => config.fileNames,
    getScriptVersion: () => '0',
    getScriptSnapshot: (file) => {
      const text = ts.sys.readFile(file)
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
    },
    getCurrentDirectory: () => dirname(tsconfigPath),
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  }
  const service = ts.createLanguageService(host, ts.createDocumentRegistry())
  const program = service.getProgram()!
  const diagnostics: ts.Diagnostic[] = [...config.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
  for (const fileName of config.fileNames) {
    diagnostics.push(...service.getSyntacticDiagnostics(fileName), ...service.getSemanticDiagnostics(fileName))
    diagnostics.push(...deprecatedUses(service, program.getSourceFile(fileName)!))
  }
  return { diagnostics, files: config.fileNames.length }
}

/** The file's deprecated uses not allowed on the line above, and its allowances with no deprecated use below. */
function deprecatedUses(service: ts.LanguageService, file: ts.SourceFile): ts.Diagnostic[] {
  const allowances = new Map<number, boolean>()
  file.text.split('\n').forEach((line, index) => {
    const at = line.indexOf(ALLOW_DEPRECATED)
    if (at >= 0 && /^\s*\/\//.test(line) && line.slice(at + ALLOW_DEPRECATED.length).trim() !== '') allowances.set(index, false)
  })
  const found: ts.Diagnostic[] = []
  for (const suggestion of service.getSuggestionDiagnostics(file.fileName)) {
    if (!suggestion.reportsDeprecated || suggestion.start === undefined) continue
    const line = file.getLineAndCharacterOfPosition(suggestion.start).line
    if (allowances.has(line - 1)) allowances.set(line - 1, true)
    else found.push({ ...suggestion, category: ts.DiagnosticCategory.Error })
  }
  for (const [line, used] of allowances) {
    if (used) continue
    found.push({
      file,
      start: file.getPositionOfLineAndCharacter(line, 0),
      length: file.text.split('\n')[line]!.length,
      category: ts.DiagnosticCategory.Error,
      code: 0,
      messageText: `"${ALLOW_DEPRECATED}" with nothing deprecated on the next line: remove it.`,
    })
  }
  return found
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const { diagnostics, files } = typecheck(join(root, 'tsconfig.json'))
  const formatHost = { getCanonicalFileName: (file: string) => file, getCurrentDirectory: () => root, getNewLine: () => '\n' }
  if (diagnostics.length > 0) {
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost))
    console.error(`${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'} in ${files} files.`)
    process.exit(1)
  }
  console.log(`${files} files: no type error, no deprecated API.`)
}
