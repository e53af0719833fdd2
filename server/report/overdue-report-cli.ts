import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { isUnreadable } from '@contract/tolerant'
import { buildApp } from '../app'
import { ConfigError, loadConfig, type ServerConfig } from '../config'
import { SANDBOX_BASE, SANDBOX_ORDERING_BASE } from '../sandbox/routes'
import { MachineClient, ReportError, type Fetch } from './machine-client'
import { fetchOverdueRequests, renderReport, REPORT_FORMATS, type OverdueReport, type ReportFormat } from './overdue-report'
import { TokenCache } from './token-cache'

/**
 * npm run report:overdue -- [--format csv|json] [--out <file>]
 *
 * Every overdue request of the application's customer, through the ordering API with a client-credentials
 * token (docs/decisions/0019-overdue-report.md). With the sandbox as upstream (the default) it opens the sandbox
 * in this process, on SANDBOX_DB_PATH like the server; with ORDERING_UPSTREAM set to an operator it calls the
 * operator with the gateway's variables. Exit codes: 0 done, 1 usage or configuration, 2 credentials or access
 * refused, 3 the API failed or stayed rate-limited, 4 the application's quota for the ordering API is spent
 * (docs/decisions/0032-application-quota.md).
 */
export const REPORT_USAGE = `Usage: npm run report:overdue -- [--format csv|json] [--out <file>]
  --format  csv (default) or json
  --out     the file to write; standard output when omitted or "-"
Environment: the server's (ORDERING_UPSTREAM, ORDERING_API_KEY, OIDC_BASE_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OPERATOR_PROFILE, ...;
SANDBOX_DB_PATH with the sandbox), plus REPORT_TOKEN_CACHE, REPORT_TOKEN_URL, REPORT_CLIENT_ID, REPORT_CLIENT_SECRET.`

/** The report's own variables; everything else is the server's configuration (server/config.ts). */
export const ZReportEnv = z.object({
  /** Where the token is cached between runs (0600). */
  REPORT_TOKEN_CACHE: z.string().min(1).default('.data/report-token-cache.json'),
  /** The client-credentials endpoint; defaults to `{OIDC_BASE_URL}/oauth/v3/token` (reference 2). */
  REPORT_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** A machine application of its own; defaults to the gateway's OIDC_CLIENT_ID / OIDC_CLIENT_SECRET. */
  REPORT_CLIENT_ID: z.string().min(1).optional(),
  REPORT_CLIENT_SECRET: z.string().min(1).optional(),
})

export interface ReportArgs {
  format: ReportFormat
  out: string | null
}

export function parseReportArgs(args: string[]): ReportArgs | { help: true } | string {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: { format: { type: 'string', default: 'csv' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    }))
  } catch (error) {
    return (error as Error).message
  }
  if (values.help) return { help: true }
  if (!(REPORT_FORMATS as readonly string[]).includes(values.format)) return `--format must be csv or json, not ${JSON.stringify(values.format)}.`
  if (values.out === '') return '--out needs a file path (or - for standard output).'
  return { format: values.format as ReportFormat, out: values.out === undefined || values.out === '-' ? null : values.out }
}

export interface ReportTarget {
  apiBaseUrl: string
  apiKey: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  fetch: Fetch
  close(): void
}

/** Where the report reads from: the sandbox in this process, or the operator of the gateway's configuration. */
export function reportTarget(config: ServerConfig, reportEnv: z.infer<typeof ZReportEnv>): ReportTarget {
  const clientId = reportEnv.REPORT_CLIENT_ID ?? config.oidc.clientId
  const clientSecret = reportEnv.REPORT_CLIENT_SECRET ?? config.oidc.clientSecret
  if (config.usesSandbox) {
    // In-process: the report reaches the sandbox under its in-process host, which no network call can use.
    const built = buildApp({ ...config, SERVE_SPA: 'off', allowedHosts: [...config.allowedHosts, 'sandbox.internal'] })
    const origin = 'http://sandbox.internal'
    return {
      apiBaseUrl: `${origin}${SANDBOX_ORDERING_BASE}`,
      apiKey: config.apiKey,
      tokenUrl: reportEnv.REPORT_TOKEN_URL ?? `${origin}${SANDBOX_BASE}/oauth/v3/token`,
      clientId,
      clientSecret,
      fetch: async (request) => built.app.fetch(request),
      close: () => built.close(),
    }
  }
  return {
    apiBaseUrl: config.ORDERING_UPSTREAM.replace(/\/$/, ''),
    apiKey: config.apiKey,
    tokenUrl: reportEnv.REPORT_TOKEN_URL ?? `${config.OIDC_BASE_URL!.replace(/\/$/, '')}/oauth/v3/token`,
    clientId,
    clientSecret,
    fetch: (request) => fetch(request),
    close: () => undefined,
  }
}

/** `[#####.....] 120/302 overdue requests`, redrawn in place; only for a terminal. */
export function progressLine(read: number, total: number, width = 30): string {
  const share = total === 0 ? 1 : read / total
  const filled = Math.round(share * width)
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${read}/${total} overdue requests`
}

/** What a run says of the rows it could not read in full: how many, what became of them, the first problem. */
export function unreadableLine(report: OverdueReport): string {
  const listed = report.requests.filter(isUnreadable)
  const withoutId = report.unreadableCount - listed.length
  const what = [
    ...(listed.length > 0 ? [`${listed.length} listed by their id only`] : []),
    ...(withoutId > 0 ? [`${withoutId} left out, having no id`] : []),
  ].join(', ')
  const first = listed[0] ?? null
  return `${report.unreadableCount} overdue ${report.unreadableCount === 1 ? 'request' : 'requests'} could not be read in full (${what})${first ? `; the first, ${first.id}: ${first.problem}` : ''}.`
}

export interface ReportIo {
  stdout: Pick<NodeJS.WriteStream, 'write'>
  stderr: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>
}

/** The whole command; returns the exit code. */
export async function runReportCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  io: ReportIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const parsed = parseReportArgs(args)
  if (typeof parsed === 'string') {
    io.stderr.write(`${parsed}\n${REPORT_USAGE}\n`)
    return 1
  }
  if ('help' in parsed) {
    io.stdout.write(`${REPORT_USAGE}\n`)
    return 0
  }
  let config: ServerConfig
  let reportEnv: z.infer<typeof ZReportEnv>
  try {
    config = loadConfig(env)
    const known = Object.fromEntries(Object.keys(ZReportEnv.shape).flatMap((key) => (env[key] ? [[key, env[key]]] : [])))
    const result = ZReportEnv.safeParse(known)
    if (!result.success) {
      throw new ConfigError(
        `Invalid configuration, fix these environment variables:\n${result.error.issues.map((issue) => `- ${String(issue.path[0])}: ${issue.message}`).join('\n')}`,
      )
    }
    reportEnv = result.data
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr.write(`${error.message}\n`)
      return 1
    }
    throw error
  }

  const target = reportTarget(config, reportEnv)
  const tty = io.stderr.isTTY === true
  try {
    const client = new MachineClient({
      ...target,
      profile: config.operatorProfile,
      cache: new TokenCache(resolve(reportEnv.REPORT_TOKEN_CACHE)),
      onWait: ({ ms, reason, attempt }) => io.stderr.write(`${tty ? '\n' : ''}Waiting ${(ms / 1000).toFixed(1)} s before try ${attempt + 1}: ${reason}\n`),
    })
    const report = await fetchOverdueRequests(client, { onProgress: tty ? (read, total) => io.stderr.write(`\r${progressLine(read, total)}`) : undefined })
    if (tty) io.stderr.write('\n')
    // Said even off a terminal: the report is complete by id, but not in every column (docs/decisions/0019-overdue-report.md).
    if (report.unreadableCount > 0) io.stderr.write(`${unreadableLine(report)}\n`)
    const text = renderReport(report, parsed.format)
    if (parsed.out) {
      mkdirSync(dirname(resolve(parsed.out)), { recursive: true })
      writeFileSync(parsed.out, text)
      if (tty) io.stderr.write(`Wrote ${report.count} overdue requests to ${parsed.out}.\n`)
    } else {
      io.stdout.write(text)
    }
    return 0
  } catch (error) {
    if (tty) io.stderr.write('\n')
    if (error instanceof ReportError) {
      io.stderr.write(`${error.message}\n`)
      return error.exitCode
    }
    io.stderr.write(`The report failed: ${(error as Error).message}\n`)
    return 3
  } finally {
    target.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void runReportCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
