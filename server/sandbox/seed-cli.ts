import { existsSync, rmSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config'
import { createSandbox } from './sandbox'

/**
 * Writes a seeded sandbox database, for benchmarks and for trying the console on a large data set:
 *
 *   npm run seed -- --count 100000 --db .data/bench.db [--seed N] [--force]
 *
 * The database is built by createSandbox() with a configuration from loadConfig(), so it is exactly
 * what the server would seed on first start with SANDBOX_SEED_COUNT=<count> (same defaults, same
 * environment). bench/run.ts calls seedDatabase() directly.
 */

export const SEED_USAGE = 'Usage: npm run seed -- --count <N> --db <path> [--seed <N>] [--force]'

export interface SeedOptions {
  /** Where to write the database file. */
  dbPath: string
  /** How many requests to generate (a few more are added so that every lifecycle state exists). */
  count: number
  /** Random seed; defaults to SANDBOX_SEED, else the server's default. */
  seed?: number
  /** Replace an existing file instead of refusing. */
  force?: boolean
  /** Environment the configuration is read from (the other SANDBOX_* settings); defaults to process.env. */
  env?: Record<string, string | undefined>
}

export interface SeedResult {
  dbPath: string
  rows: number
  seed: number
  elapsedMs: number
}

/** A problem the caller can fix (existing file, bad configuration); its message says what to do. */
export class SeedError extends Error {}

const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal']

/** Throws a SeedError when `dbPath` cannot be written: a directory, or an existing file without `force`. */
export function checkSeedTarget(dbPath: string, force = false): void {
  if (!existsSync(dbPath)) return
  if (statSync(dbPath).isDirectory()) throw new SeedError(`${dbPath} is a directory; give a file path for --db.`)
  if (!force) throw new SeedError(`${dbPath} exists already; pass --force to replace it, or choose another --db path.`)
}

/** Creates `dbPath` and seeds it with `count` requests through createSandbox(); refuses an existing file unless `force`. */
export function seedDatabase(options: SeedOptions): SeedResult {
  checkSeedTarget(options.dbPath, options.force)
  const dbPath = resolve(options.dbPath)
  if (options.force) for (const suffix of ['', ...SQLITE_SIDE_FILES]) rmSync(dbPath + suffix, { force: true })

  let config
  try {
    config = loadConfig({
      ...(options.env ?? process.env),
      SANDBOX_DB_PATH: dbPath,
      SANDBOX_SEED_COUNT: String(options.count),
      ...(options.seed === undefined ? {} : { SANDBOX_SEED: String(options.seed) }),
    })
  } catch (error) {
    if (error instanceof ConfigError) throw new SeedError(error.message)
    throw error
  }

  const started = performance.now()
  const sandbox = createSandbox(config)
  try {
    const { n } = sandbox.db.prepare('SELECT COUNT(*) AS n FROM requests').get() as { n: number }
    return { dbPath, rows: n, seed: config.SANDBOX_SEED, elapsedMs: performance.now() - started }
  } finally {
    sandbox.close()
  }
}

/** Parses the command line; a string is the problem to report with the usage line. */
export function parseSeedArgs(args: string[]): SeedOptions | { help: true } | string {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        count: { type: 'string' },
        db: { type: 'string' },
        seed: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }))
  } catch (error) {
    return (error as Error).message
  }
  if (values.help) return { help: true }
  if (values.count === undefined) return '--count is required (how many requests to seed, e.g. --count 100000).'
  if (!/^[0-9]+$/.test(values.count) || !Number.isSafeInteger(Number(values.count))) {
    return `--count must be a whole number of requests, not ${JSON.stringify(values.count)}.`
  }
  if (!values.db) return '--db is required (the database file to write, e.g. --db .data/bench.db).'
  if (values.db === ':memory:') return '--db must be a file path; an in-memory database would be lost on exit.'
  let seed: number | undefined
  if (values.seed !== undefined) {
    if (!/^-?[0-9]+$/.test(values.seed) || !Number.isSafeInteger(Number(values.seed))) {
      return `--seed must be a whole number, not ${JSON.stringify(values.seed)}.`
    }
    seed = Number(values.seed)
  }
  return { count: Number(values.count), dbPath: values.db, seed, force: values.force }
}

function main(): void {
  const parsed = parseSeedArgs(process.argv.slice(2))
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n${SEED_USAGE}`)
    process.exit(1)
  }
  if ('help' in parsed) {
    console.log(SEED_USAGE)
    return
  }
  let result
  try {
    checkSeedTarget(parsed.dbPath, parsed.force)
    console.log(`Seeding ${parsed.count.toLocaleString('en')} requests into ${parsed.dbPath}…`)
    result = seedDatabase(parsed)
  } catch (error) {
    if (error instanceof SeedError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  console.log(`Done in ${(result.elapsedMs / 1000).toFixed(1)} s: ${result.rows.toLocaleString('en')} requests in ${result.dbPath} (seed ${result.seed}).`)
}

// Run only as a script (npm run seed), not when bench/run.ts imports seedDatabase().
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main()
