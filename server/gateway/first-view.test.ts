import { describe, expect, it } from 'vitest'
import { FIRST_VIEW_KEYS, LIST_STORAGE_KEYS } from '@contract/first-view'
import { readFirstViewCookie, stylesOf, withFirstView } from './first-view'

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
