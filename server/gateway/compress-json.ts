import type { MiddlewareHandler } from 'hono'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { chooseEncoding } from './spa'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Smaller answers gain nothing worth the work: a header's worth of bytes (docs/decisions/0024-delivery.md). */
export const COMPRESS_JSON_ABOVE_BYTES = 1024

/**
 * Compresses the API's JSON answers above 1 KB for a client that accepts it (br, else gzip, `q=0` honoured), with
 * `Vary: Accept-Encoding`. A page of 100 requests is about 40 KB of JSON and 5 KB in Brotli: on a phone's link
 * that is most of the wait. Brotli at quality 5 and gzip at 6: answers are made per request, so speed matters more
 * than the last percent that the build's own copies (quality 11) get.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 304) return
    if (res.headers.has('Content-Encoding') || !/^application\/([a-z.+-]*\+)?json/i.test(res.headers.get('Content-Type') ?? '')) return
    const vary = res.headers.get('Vary')
    const body = Buffer.from(await res.arrayBuffer())
    const encoding = body.length > COMPRESS_JSON_ABOVE_BYTES ? chooseEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']) : 'identity'
    let sent: Buffer = body
    if (encoding === 'br') {
      sent = await brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    } else if (encoding === 'gzip') {
      sent = await gzipAsync(body, { level: 6 })
    }
    // Hono copies the answer's headers onto a new c.res: ours are set after.
    c.res = new Response(new Uint8Array(sent), { status: res.status, statusText: res.statusText, headers: res.headers })
    if (!vary || !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    if (encoding !== 'identity') c.res.headers.set('Content-Encoding', encoding)
    c.res.headers.set('Content-Length', String(sent.length))
  }
}
