import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Security headers for the SPA's pages: nothing but our own origin may run script or be framed. */
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

/** Serves the built SPA: hashed assets cached for a year, every other path gets index.html (client routing). */
export function spaRoutes(distDir: string): Hono {
  const app = new Hono()
  const indexPath = join(distDir, 'index.html')
  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value)
  })
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/*', serveStatic({ root: distDir }))
  app.get('*', (c) => {
    if (!existsSync(indexPath)) {
      return c.text(`The SPA is not built: run "npm run build" (looked for ${indexPath}).`, 503)
    }
    c.header('Cache-Control', 'no-cache')
    return c.html(readFileSync(indexPath, 'utf8'))
  })
  return app
}
