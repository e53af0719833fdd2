import { Hono, type Context } from 'hono'
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { nothingAt } from '../shared/edge'
import type { FirstView } from './first-view'

/**
 * The built SPA, served as a phone on a slow network needs it (docs/decisions/0024-delivery.md):
 * - every text file has Brotli and gzip copies made by the build (vite.config.ts, `precompressed`); the copy the
 *   browser accepts best is sent (br, then gzip, then the file itself, `q=0` honoured), with `Vary: Accept-Encoding`,
 *   its own Content-Type and Content-Length;
 * - hashed files under /assets/ are cached for a year, and only those that exist: a missing one is a 404 that no
 *   cache keeps (an old page asking for a chunk of the build before), never the home page;
 * - every other GET is a page of the SPA: index.html, revalidated each time (no-cache, ETag).
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The Content-Security-Policy, less the inline scripts' hashes (added from index.html, `cspOf`). */
const CSP = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'frame-ancestors': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
}

/** Security headers for the SPA's pages: nothing but our own origin (and index.html's own inline scripts) may run script or be framed. */
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** Served when the build has none (public/robots.txt says the same): the sign-in page may be indexed, nothing behind it. */
export const DEFAULT_ROBOTS = 'User-agent: *\nAllow: /sign-in\nDisallow: /\n'

export type ContentEncoding = 'br' | 'gzip' | 'identity'
const SUFFIX: Record<Exclude<ContentEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' }

/**
 * The encoding to send among those available, from an Accept-Encoding header (RFC 9110 §12.5.3): the highest
 * q wins, br before gzip before identity at equal q; `q=0` refuses; `*` stands for the codings not named;
 * identity is acceptable unless refused by name or by `*;q=0`. No header: identity.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly ContentEncoding[]): ContentEncoding {
  if (!acceptEncoding) return 'identity'
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0)
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? weights.get('*') ?? (coding === 'identity' ? 1 : 0)
  let best: ContentEncoding = 'identity'
  let bestWeight = -1
  for (const coding of ['br', 'gzip', 'identity'] as const) {
    if (coding !== 'identity' && !available.includes(coding)) continue
    const weight = weightOf(coding)
    if (weight > 0 && weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}

interface Found {
  path: string
  size: number
  mtimeMs: number
}

async function fileAt(path: string): Promise<Found | null> {
  try {
    const info = await stat(path)
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : null
  } catch {
    return null
  }
}

/** The Content-Security-Policy for a page, allowing index.html's own inline scripts by their hashes. */
function cspOf(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  )
  const directives = { ...CSP, 'script-src': [CSP['script-src'], ...hashes].join(' ') }
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')
}

/** Where the SPA's files are, and the first views when the gateway makes them. */
interface SpaFiles {
  root: string
  indexPath: string
  firstView: () => Promise<FirstView | null>
  /** index.html's text, read again only when the file changes: a first view reads it on every render. */
  indexHtml: (index: Found) => Promise<string>
}

function indexHtmlOf(indexPath: string): SpaFiles['indexHtml'] {
  let text: { mtimeMs: number; value: string } | null = null
  return async (index) => {
    if (text?.mtimeMs !== index.mtimeMs) text = { mtimeMs: index.mtimeMs, value: await readFile(indexPath, 'utf8') }
    return text.value
  }
}

export function spaRoutes(distDir: string, firstView: () => Promise<FirstView | null> = async () => null): Hono {
  const root = resolve(distDir)
  const indexPath = join(root, 'index.html')
  const files: SpaFiles = { root, indexPath, firstView, indexHtml: indexHtmlOf(indexPath) }
  const pagePolicy = pagePolicyOf(files.indexPath)
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value)
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) c.res.headers.set('Content-Security-Policy', await pagePolicy())
    else c.res.headers.set('Content-Security-Policy', cspOf(''))
  })
  app.on(['GET', 'HEAD'], '*', (c) => serve(files, c))
  return app
}

/** The page's Content-Security-Policy, computed again only when index.html changes. */
function pagePolicyOf(indexPath: string): () => Promise<string> {
  let csp: { mtimeMs: number; value: string } | null = null
  return async () => {
    const index = await fileAt(indexPath)
    if (!index) return cspOf('')
    if (csp?.mtimeMs !== index.mtimeMs) csp = { mtimeMs: index.mtimeMs, value: cspOf(await readFile(indexPath, 'utf8')) }
    return csp.value
  }
}

/** The file (or its best compressed copy) as the answer, with its headers; a matching If-None-Match is a 304. */
async function send(c: Context, file: Found, cacheControl: string): Promise<Response> {
  const type = CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream'
  const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/.test(type)
  const copies: Partial<Record<ContentEncoding, Found>> = { identity: file }
  if (compressible) {
    for (const coding of ['br', 'gzip'] as const) {
      const copy = await fileAt(file.path + SUFFIX[coding])
      if (copy) copies[coding] = copy
    }
  }
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), Object.keys(copies) as ContentEncoding[])
  const chosen = copies[encoding] ?? file
  const etag = `"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}${encoding === 'identity' ? '' : `-${encoding}`}"`
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl, ETag: etag }
  if (compressible) headers.Vary = 'Accept-Encoding'
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding
  if (
    c.req
      .header('If-None-Match')
      ?.split(',')
      .some((tag) => tag.trim() === etag)
  )
    return c.body(null, 304, headers)
  headers['Content-Length'] = String(chosen.size)
  if (c.req.method === 'HEAD') return c.body(null, 200, headers)
  return c.body(new Uint8Array(await readFile(chosen.path)), 200, headers)
}

/**
 * A page made for this person (the list's first view, 0026): compressed as it is sent (Brotli 5 or gzip 6, as the
 * API's JSON), never kept by a shared cache, and revalidated each time.
 */
async function sendPage(c: Context, html: string): Promise<Response> {
  const body = Buffer.from(html)
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip'])
  const sent =
    encoding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : encoding === 'gzip'
        ? await gzipAsync(body, { level: 6 })
        : body
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES['.html']!,
    'Cache-Control': 'private, no-cache',
    Vary: 'Accept-Encoding, Cookie',
    'Content-Length': String(sent.length),
  }
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding
  return c.body(new Uint8Array(sent), 200, headers)
}

/** A file of the build, the robots file, or the SPA's page (with the list's first view when one can be made). */
async function serve({ root, indexPath, firstView, indexHtml }: SpaFiles, c: Context): Promise<Response> {
  let path: string
  try {
    path = decodeURIComponent(c.req.path)
  } catch {
    path = '/'
  }
  // A name starting with a dot is the build's own (.vite/manifest.json lists the source modules) or a secret: never served.
  if (path.split('/').some((segment) => segment.startsWith('.'))) return nothingAt(path).respond(c)
  const target = resolve(root, `.${path}`)
  const inside = target.startsWith(root + sep) && !path.includes('\0')
  const file = inside && !/\.(br|gz)$/.test(target) ? await fileAt(target) : null
  if (path.startsWith('/assets/')) {
    // A hashed name never changes content: a year, immutable. A name the build does not have is a 404 nobody keeps,
    // so that an old page's chunk request fails (and the page reloads once, src/main.tsx), and no cache holds it.
    if (file) return send(c, file, 'public, max-age=31536000, immutable')
    return c.text(`No file ${path} in this version of the application: reload the page.`, 404, { 'Cache-Control': 'no-store' })
  }
  if (file && target !== indexPath) return send(c, file, 'public, max-age=3600')
  if (path === '/robots.txt') return c.text(DEFAULT_ROBOTS, 200, { 'Cache-Control': 'public, max-age=3600' })
  const index = await fileAt(indexPath)
  if (!index) {
    return c.text(`The SPA is not built: run "npm run build" (looked for ${indexPath}).`, 503, { 'Cache-Control': 'no-store' })
  }
  const page = c.req.method === 'GET' ? await (await firstView())?.render(c, () => indexHtml(index)) : undefined
  // Cookies the first view's own calls renewed are the browser's, whether or not the view could be made.
  for (const cookie of page?.setCookies ?? []) c.header('Set-Cookie', cookie, { append: true })
  if (page?.html) return sendPage(c, page.html)
  return send(c, index, 'no-cache')
}
