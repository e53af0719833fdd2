import { afterAll, describe, expect, it, vi } from 'vitest'
import { FIRST_VIEW_KEYS, LIST_STORAGE_KEYS } from '@contract/first-view'
import { createFirstView, entryStyles, FIRST_VIEW_WAIT_MS, readFirstViewCookie, readStyles, stylesOf, withFirstView, type FirstView } from './first-view'

const cookie = (value: unknown) => `oc_session=abc; ${FIRST_VIEW_KEYS.cookie}=${encodeURIComponent(JSON.stringify(value))}; other=1`

describe('the first-view cookie', () => {
  it('gives the language, the time zone and the list’s stored columns and density', () => {
    const stored = { [LIST_STORAGE_KEYS.columns]: '["id","name"]', [LIST_STORAGE_KEYS.density]: 'comfortable' }
    expect(readFirstViewCookie(cookie({ language: 'fr', timeZone: 'Europe/Paris', stored }))).toEqual({
      language: 'fr',
      timeZone: 'Europe/Paris',
      storage: stored,
    })
  })

  it('gives the locale dates are typed in when it is one the runtime reads, of the language shown; none otherwise', () => {
    const base = { language: 'en', timeZone: 'UTC', stored: {} }
    expect(readFirstViewCookie(cookie({ ...base, locale: 'en-us' }))?.locale).toBe('en-US')
    expect(readFirstViewCookie(cookie({ ...base, language: 'fr', locale: 'fr-CA' }))?.locale).toBe('fr-CA')
    // Another language's locale, or a tag Intl refuses, leaves the form its default order; the view is still made.
    for (const locale of ['fr-FR', 'en-a-b'])
      expect(readFirstViewCookie(cookie({ ...base, locale })), locale).toEqual({ language: 'en', timeZone: 'UTC', storage: {} })
    // Not a tag at all: the cookie is not the early start's.
    for (const locale of ['en_US', 'en-US;x', 'x'.repeat(40), 42]) expect(readFirstViewCookie(cookie({ ...base, locale })), String(locale)).toBeNull()
  })

  it('is not read when absent, malformed, too large, or carrying anything the early start does not write', () => {
    const base = { language: 'en', timeZone: 'UTC', stored: {} }
    for (const header of [
      undefined,
      'oc_session=abc',
      `${FIRST_VIEW_KEYS.cookie}=%E0%A4%A`,
      `${FIRST_VIEW_KEYS.cookie}=not-json`,
      `${FIRST_VIEW_KEYS.cookie}=${'x'.repeat(3_000)}`,
      cookie({ ...base, language: 'de' }),
      cookie({ ...base, timeZone: 'Mars/Olympus' }),
      cookie({ ...base, timeZone: '../../etc/passwd' }),
      cookie({ ...base, stored: { 'ordering-console.session': '{}' } }),
      cookie({ ...base, stored: { [LIST_STORAGE_KEYS.columns]: 'x'.repeat(513) } }),
      cookie({ ...base, stored: { [LIST_STORAGE_KEYS.density]: 1 } }),
    ]) {
      expect(readFirstViewCookie(header), header).toBeNull()
    }
  })
})

describe('the page with its first view', () => {
  const index =
    '<!doctype html><html lang="en"><head><script>early()</script><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root"></div></body></html>'

  it('puts the view in #root, the answers before the early start, the styles in the head and the language on <html>', () => {
    const answers = { '/auth/session': { status: 200, headers: {}, body: '{"sub":"alice"}' } }
    const html = withFirstView(index, { view: '<main>rows</main>', styles: ['/assets/requests-1.css'], answers, language: 'fr' })!
    expect(html).toContain('<html lang="fr">')
    expect(html.indexOf(`id="${FIRST_VIEW_KEYS.answersId}"`)).toBeLessThan(html.indexOf('<script>early()'))
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/requests-1.css"></head>')
    expect(html).toContain('<div id="root"><main>rows</main></div>')
  })

  it('writes answers that nothing in them can close or break out of, and keeps a view’s `$` as it is', () => {
    const body = '[{"name":"</script><script>alert(1)</script><!--\u2028 $& $`"}]'
    const html = withFirstView(index, { view: '<p>$& $1</p>', styles: [], answers: { '/a': { status: 200, headers: {}, body } }, language: 'en' })!
    const json = html.slice(html.indexOf(`id="${FIRST_VIEW_KEYS.answersId}">`) + FIRST_VIEW_KEYS.answersId.length + 6, html.indexOf('</script>'))
    expect(json).not.toMatch(/<|\u2028/)
    expect((JSON.parse(json) as Record<string, { body: string }>)['/a']!.body).toBe(body)
    expect(html).toContain('<p>$& $1</p>')
  })

  it('puts the styles it knows inline where they were linked, the page’s with a disabled link for its chunk loader, the others linked', () => {
    const entry =
      '<!doctype html><html lang="en"><head><script>early()</script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>'
    const inline = new Map([
      ['/assets/index-1.css', 'body{margin:0}'],
      ['/assets/requests-1.css', '.list{color:red}'],
    ])
    const html = withFirstView(entry, {
      view: '<main>rows</main>',
      styles: ['/assets/requests-1.css', '/assets/other.css'],
      answers: {},
      language: 'en',
      inline,
    })!
    expect(html).toContain('<script>early()</script><style data-href="/assets/index-1.css">body{margin:0}</style>')
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">')
    expect(html).toContain(
      '<style data-href="/assets/requests-1.css">.list{color:red}</style><link rel="stylesheet" crossorigin href="/assets/requests-1.css" disabled>',
    )
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/other.css"></head>')
  })

  it('is not made from an index.html without its root', () => {
    expect(withFirstView('<html><head></head><body></body></html>', { view: '<p></p>', styles: [], answers: {}, language: 'en' })).toBeNull()
  })
})

describe('the first view’s styles', () => {
  it('are those of its modules and of the chunks they import, not the entry’s, each once', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true },
      'src/app/routes/requests.tsx': { file: 'assets/requests.js', css: ['assets/requests.css'], imports: ['index.html', '_header.js', '_shared.js'] },
      '_header.js': { file: 'assets/header.js', css: ['assets/header.css'], imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/fields.css'] },
    }
    expect(stylesOf(manifest, ['src/app/routes/requests.tsx'])).toEqual(['/assets/requests.css', '/assets/header.css', '/assets/fields.css'])
    expect(() => stylesOf(manifest, ['src/app/routes/gone.tsx'])).toThrow(/no src\/app\/routes\/gone.tsx/)
  })
})

describe('the styles a first view puts inline', () => {
  it('are the entry’s and the files’ own text, one that could close its element left out', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dir = mkdtempSync(join(tmpdir(), 'first-view-styles-'))
    try {
      mkdirSync(join(dir, 'assets'))
      writeFileSync(join(dir, 'assets', 'a.css'), '.a{color:red}')
      writeFileSync(join(dir, 'assets', 'b.css'), '.b::after{content:"</style>"}')
      const texts = await readStyles(dir, ['/assets/a.css', '/assets/b.css', '/assets/gone.css', '/assets/a.css'])
      expect([...texts]).toEqual([['/assets/a.css', '.a{color:red}']])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    expect(
      entryStyles({ 'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true }, 'x.tsx': { file: 'x.js', css: ['x.css'] } }),
    ).toEqual(['/assets/index.css'])
  })
})

describe('the gateway’s first view of a page', () => {
  const INDEX = '<!doctype html><html lang="en"><head><script>early()</script></head><body><div id="root"></div></body></html>'
  const LIST = '/api/ordering/v3/requests?offset=0&limit=20'
  const CATALOG = '/api/ordering/v3/catalogItems?limit=100'
  const AGGREGATE = '/api/ordering/v3/requests/aggregate?groupBy=status'
  const good = `${FIRST_VIEW_KEYS.cookie}=${encodeURIComponent(JSON.stringify({ language: 'fr', timeZone: 'Europe/Paris', stored: {} }))}`

  const made: string[] = []
  afterAll(async () => {
    const { rmSync } = await import('node:fs')
    for (const dir of made) rmSync(dir, { recursive: true, force: true })
  })

  /** A server build of the SPA in a folder of its own: a renderer that says what it was given. */
  const READS = `async ({ url, prefs, ask }) => {
    const answers = {}
    for (const address of url.pathname === '/' ? [${JSON.stringify(AGGREGATE)}] : [${JSON.stringify(LIST)}, ${JSON.stringify(CATALOG)}]) {
      const answer = await ask(address)
      if (answer.status !== 200) return null
      answers[address] = answer
    }
    return { view: '<main>' + prefs.language + ' ' + Object.keys(answers).join(' ') + '</main>', answers }
  }`
  async function builds(renderer = READS) {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dir = mkdtempSync(join(tmpdir(), 'first-view-'))
    made.push(dir)
    mkdirSync(join(dir, 'spa', '.vite'), { recursive: true })
    mkdirSync(join(dir, 'server'))
    writeFileSync(
      join(dir, 'spa', '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/routes/requests.tsx': { file: 'assets/requests.js', css: ['assets/requests.css'] },
        'src/app/routes/home.tsx': { file: 'assets/home.js', css: ['assets/home.css'] },
        'src/app/routes/new-request.tsx': { file: 'assets/new-request.js' },
        'src/form.tsx': { file: 'assets/form.js', css: ['assets/form.css'] },
      }),
    )
    writeFileSync(
      join(dir, 'server', 'entry-server.js'),
      `export const firstViewPages = [
         { path: '/requests', module: 'src/app/routes/requests.tsx' },
         { path: '/', module: 'src/app/routes/home.tsx' },
         { path: '/requests/new', module: 'src/app/routes/new-request.tsx', loads: ['src/form.tsx'] },
       ]
       export const renderFirstView = ${renderer}`,
    )
    return { spa: join(dir, 'spa'), server: join(dir, 'server') }
  }

  /** The gateway's answers to its own calls, each call noted with the cookie it carried. */
  function gateway(answer: (path: string, cookie: string) => Response | Promise<Response>) {
    const calls: { path: string; cookie: string }[] = []
    const callSelf = async (request: Request) => {
      const url = new URL(request.url)
      const call = { path: `${url.pathname}${url.search}`, cookie: request.headers.get('Cookie') ?? '' }
      calls.push(call)
      return answer(call.path, call.cookie)
    }
    return { calls, callSelf }
  }

  async function page(firstView: FirstView, path: string, cookie?: string, method = 'GET') {
    const { Hono } = await import('hono')
    // The render's result in a header, which a HEAD answer keeps too.
    const app = new Hono().all('*', async (c) =>
      c.body(null, 204, { 'X-Render': encodeURIComponent(JSON.stringify(await firstView.render(c, async () => INDEX))) }),
    )
    const answer = await app.request(path, { method, headers: cookie ? { Cookie: cookie } : {} })
    return JSON.parse(decodeURIComponent(answer.headers.get('X-Render')!)) as { html: string | null; setCookies: string[] }
  }

  const ok = (body: unknown = [], headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } })
  const sessionAnswer = () => ok({ sub: 'alice', expiresAt: 2_000_000_000, method: 'password' })

  it('asks for the session, then what the page reads, each call with the cookie the one before renewed, and hands every renewed cookie to the browser', async () => {
    const { calls, callSelf } = gateway((path) => {
      if (path === '/auth/session') return sessionAnswer()
      if (path === LIST) return ok([], { 'Set-Cookie': 'oc_session=renewed; Path=/; HttpOnly', 'X-Total-Count': '0', 'X-Gateway-Dropped-Parameters': 'sort' })
      return ok()
    })
    const firstView = (await createFirstView(await builds(), callSelf))!
    const { html, setCookies } = await page(firstView, '/requests', `oc_session=old; ${good}`)
    expect(calls.map((call) => call.path)).toEqual(['/auth/session', LIST, CATALOG])
    expect(calls[1]!.cookie).toContain('oc_session=old')
    expect(calls[2]!.cookie).toContain('oc_session=renewed')
    expect(calls[2]!.cookie).not.toContain('oc_session=old')
    expect(setCookies).toEqual(['oc_session=renewed; Path=/; HttpOnly'])
    expect(html).toContain(`<main>fr ${LIST} ${CATALOG}</main>`)
    // The page's answers and the session's, for the page to take instead of asking.
    expect(html).toContain('{"/auth/session":{"status":200')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/requests.css">')
    // The paging headers the page reads are handed on, and what the operator refused (0027); nothing else of the answer is.
    expect(html).toContain('"X-Total-Count":"0"')
    expect(html).toContain('"X-Gateway-Dropped-Parameters":"sort"')
    expect(html).not.toContain('renewed')
  })

  it('makes no view, but still hands on a renewed cookie, when a call is not a 200 or nobody is signed in', async () => {
    for (const refused of [LIST, CATALOG]) {
      const { callSelf } = gateway((path) => {
        if (path === '/auth/session') return sessionAnswer()
        if (path === refused) return new Response('{"code":42}', { status: 401, headers: { 'Set-Cookie': 'oc_session=; Max-Age=0' } })
        return ok()
      })
      const { html, setCookies } = await page((await createFirstView(await builds(), callSelf))!, '/requests', `oc_session=old; ${good}`)
      expect(html).toBeNull()
      expect(setCookies).toEqual(['oc_session=; Max-Age=0'])
    }
    const nobody = gateway(() => ok({ signedIn: false }))
    expect((await page((await createFirstView(await builds(), nobody.callSelf))!, '/requests', good)).html).toBeNull()
    expect(nobody.calls.map((call) => call.path)).toEqual(['/auth/session'])
  })

  it('renders the dashboard with its own styles and answers', async () => {
    const { calls, callSelf } = gateway((path) => (path === '/auth/session' ? sessionAnswer() : ok({ NEW: 3 })))
    const { html } = await page((await createFirstView(await builds(), callSelf))!, '/', good)
    expect(calls.map((call) => call.path)).toEqual(['/auth/session', AGGREGATE])
    expect(html).toContain(`<main>fr ${AGGREGATE}</main>`)
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">')
    expect(html).not.toContain('requests.css')
  })

  it('links the styles of what a page’s route loads before its first render (the form’s code)', async () => {
    const { callSelf } = gateway((path) => (path === '/auth/session' ? sessionAnswer() : ok()))
    const { html } = await page((await createFirstView(await builds(), callSelf))!, '/requests/new?item=CI-1', good)
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/form.css">')
  })

  it('asks this server only, whatever the page’s code asks', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { calls, callSelf } = gateway((path) => (path === '/auth/session' ? sessionAnswer() : ok()))
    for (const address of ['https://elsewhere.example/x', '//elsewhere.example/x']) {
      const renderer = `async ({ ask }) => ({ view: '<main></main>', answers: { x: await ask(${JSON.stringify(address)}) } })`
      expect((await page((await createFirstView(await builds(renderer), callSelf))!, '/requests', good)).html).toBeNull()
    }
    expect(calls.map((call) => call.path)).toEqual(['/auth/session', '/auth/session'])
    errors.mockRestore()
  })

  it('asks nothing for another page, another method, or a browser without the cookie', async () => {
    const { calls, callSelf } = gateway(() => ok())
    const firstView = (await createFirstView(await builds(), callSelf))!
    for (const [path, cookie, method] of [
      ['/catalog', good, 'GET'],
      ['/requests/REQ1', good, 'GET'],
      ['/requests', good, 'HEAD'],
      ['/requests', 'oc_session=old', 'GET'],
    ] as const) {
      expect((await page(firstView, path, cookie, method)).html).toBeNull()
    }
    expect(calls).toEqual([])
  })

  it('gives up after FIRST_VIEW_WAIT_MS: the page renders itself rather than wait on a slow operator', async () => {
    const { callSelf } = gateway(async (path) => {
      if (path === LIST) await new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS + 300))
      return path === '/auth/session' ? sessionAnswer() : ok()
    })
    const started = Date.now()
    expect((await page((await createFirstView(await builds(), callSelf))!, '/requests', good)).html).toBeNull()
    expect(Date.now() - started).toBeLessThan(FIRST_VIEW_WAIT_MS + 250)
  })

  it('logs a renderer that throws, and sends the page without a view', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { callSelf } = gateway((path) => (path === '/auth/session' ? sessionAnswer() : ok()))
    const firstView = (await createFirstView(await builds('async () => { throw new Error("broken renderer") }'), callSelf))!
    expect((await page(firstView, '/requests', good)).html).toBeNull()
    expect(String(errors.mock.calls[0]?.[0])).toContain('broken renderer')
  })

  it('warms up by rendering each page in each language from empty answers, asking nobody', async () => {
    const { calls, callSelf } = gateway(() => ok())
    const renderer = `async ({ url, prefs, ask }) => {
      globalThis.warmed = [...(globalThis.warmed ?? []), prefs.language + ' ' + url.pathname + ' ' + (await ask('/api/ordering/v3/requests/aggregate')).body + (await ask('/api/ordering/v3/requests?limit=20')).body]
      return null
    }`
    await (await createFirstView(await builds(renderer), callSelf))!.warm()
    expect((globalThis as { warmed?: string[] }).warmed).toEqual([
      'en /requests {}[]',
      'en / {}[]',
      'en /requests/new {}[]',
      'fr /requests {}[]',
      'fr / {}[]',
      'fr /requests/new {}[]',
    ])
    expect(calls).toEqual([])
  })

  it('is not offered without the SPA’s server build', async () => {
    expect(await createFirstView({ spa: '/nonexistent/spa', server: '/nonexistent/server' }, async () => ok())).toBeNull()
  })
})
