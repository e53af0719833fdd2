/**
 * The tests' one cookie jar (Vitest: the in-process SPA server, the sandbox's and the gateway's sign-in tests):
 * just enough of a browser's for one host. Name, value and path; Max-Age=0 or a past Expires deletes; Domain is
 * ignored (one host).
 */
export interface StoredCookie {
  name: string
  value: string
  path: string
  /** The attributes as the server set them (`Path=/; HttpOnly; SameSite=Lax`), for tests of how a cookie is set. */
  attributes: string
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>()

  /** Keeps the cookies an answer sets (a Response, or its Set-Cookie lines). */
  store(from: Response | readonly string[]): void {
    // Duck-typed: a Response may come from another realm (jsdom, undici) than this module's global one.
    const lines = 'headers' in from ? from.headers.getSetCookie() : from
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';')
      const separator = pair.indexOf('=')
      if (separator < 0) continue
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      let path = '/'
      let expired = false
      for (const attribute of attributes) {
        const equals = attribute.indexOf('=')
        const key = (equals < 0 ? attribute : attribute.slice(0, equals)).trim().toLowerCase()
        const attributeValue = equals < 0 ? '' : attribute.slice(equals + 1).trim()
        if (key === 'path') path = attributeValue || '/'
        if (key === 'max-age' && Number(attributeValue) <= 0) expired = true
        if (key === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true
      }
      const key = `${name};${path}`
      if (expired) this.cookies.delete(key)
      else this.cookies.set(key, { name, value, path, attributes: attributes.map((attribute) => attribute.trim()).join('; ') })
    }
  }

  /** A cookie by name, whatever its path. */
  cookie(name: string): StoredCookie | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)
  }

  /** The value of a cookie, whatever its path. */
  get(name: string): string | undefined {
    return this.cookie(name)?.value
  }

  /** The Cookie header a browser sends to `url` (every cookie when no address is given). */
  header(url?: URL | string): string {
    const pathname = url === undefined ? undefined : new URL(url, 'http://localhost').pathname
    return [...this.cookies.values()]
      .filter(({ path }) => pathname === undefined || path === '/' || pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ')
  }

  clear(): void {
    this.cookies.clear()
  }
}
