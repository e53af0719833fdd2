import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'

/** One cached client-credentials token (docs/decisions/0019-overdue-report.md). */
export interface CachedToken {
  accessToken: string
  /** Epoch ms when the token stops being valid (issue time plus `expires_in`). */
  expiresAt: number
  obtainedAt: number
  scope?: string
}

const ZCacheFile = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ accessToken: z.string().min(1), expiresAt: z.number(), obtainedAt: z.number(), scope: z.string().optional() })),
})
type CacheFile = z.infer<typeof ZCacheFile>

/**
 * Tokens kept between runs in a file only its owner can read (0600, in a 0700 folder), one per token endpoint
 * and client id, so that a sandbox token is never sent to an operator or the other way round. A file that is
 * missing or unreadable is an empty cache: the worst case is one more token request.
 */
export class TokenCache {
  constructor(readonly path: string) {}

  /** The entry's key: a hash, so the file does not even name the client. */
  static keyOf(tokenUrl: string, clientId: string): string {
    return createHash('sha256').update(`${tokenUrl}\n${clientId}`).digest('hex')
  }

  read(key: string): CachedToken | null {
    return this.load().entries[key] ?? null
  }

  write(key: string, token: CachedToken): void {
    const file = this.load()
    file.entries[key] = token
    this.save(file)
  }

  forget(key: string): void {
    const file = this.load()
    if (!(key in file.entries)) return
    delete file.entries[key]
    this.save(file)
  }

  private load(): CacheFile {
    try {
      const parsed = ZCacheFile.safeParse(JSON.parse(readFileSync(this.path, 'utf8')))
      return parsed.success ? parsed.data : { version: 1, entries: {} }
    } catch {
      return { version: 1, entries: {} }
    }
  }

  /** Written to a private temporary file first, then renamed: a reader never sees half a file, nobody else ever sees any. */
  private save(file: CacheFile): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 })
    const temporary = `${this.path}.${randomBytes(6).toString('hex')}.tmp`
    try {
      writeFileSync(temporary, JSON.stringify(file), { mode: 0o600 })
      chmodSync(temporary, 0o600)
      renameSync(temporary, this.path)
    } finally {
      rmSync(temporary, { force: true })
    }
  }
}
