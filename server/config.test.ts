import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const OPERATOR_OIDC = {
  OIDC_BASE_URL: 'https://auth.operator.example',
  OIDC_CLIENT_ID: 'client-1',
  OIDC_CLIENT_SECRET: 'client-secret-0123456789',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
}

describe('loadConfig', () => {
  it('requires the sign-in settings with a real operator, naming each one missing', () => {
    const attempt = () => loadConfig({ ORDERING_UPSTREAM: 'https://operator.example/v3', ORDERING_API_KEY: 'k-1' })
    for (const name of Object.keys(OPERATOR_OIDC)) expect(attempt).toThrow(new RegExp(`- ${name}: is required when ORDERING_UPSTREAM`))
    const config = loadConfig({ ORDERING_UPSTREAM: 'https://operator.example/v3', ORDERING_API_KEY: 'k-1', ...OPERATOR_OIDC })
    expect(config.oidc).toEqual({
      baseUrl: 'https://auth.operator.example/openidconnect/fr',
      issuer: 'https://auth.operator.example/openidconnect/fr',
      clientId: 'client-1',
      clientSecret: 'client-secret-0123456789',
      scope: 'openid offline_access b2b:ordering b2b:ordering:readonly',
      sessionSecret: OPERATOR_OIDC.SESSION_SECRET,
    })
  })

  it('derives the sandbox sign-in settings and redirect URIs from PORT', () => {
    const config = loadConfig({ PORT: '8181' })
    expect(config.oidc).toMatchObject({
      baseUrl: '/sandbox/openidconnect/fr',
      issuer: 'http://localhost:8181/sandbox/openidconnect/fr',
      clientId: 'ordering-console-sandbox',
    })
    expect(config.sandboxRedirectUris).toContain('http://127.0.0.1:8181/auth/callback')
  })

  it('defaults to the sandbox, whose API key the gateway then uses', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ usesSandbox: true, ORDERING_UPSTREAM: 'sandbox', apiKey: 'sandbox-api-key', SANDBOX_SEED_COUNT: 5000 })
  })

  it('takes the operator’s URL and key', () => {
    const config = loadConfig({ ORDERING_UPSTREAM: 'https://operator.example/v3', ORDERING_API_KEY: 'k-1', ...OPERATOR_OIDC })
    expect(config).toMatchObject({ usesSandbox: false, apiKey: 'k-1' })
  })

  it('throws a ConfigError naming ORDERING_API_KEY when a real upstream has no key', () => {
    expect(() => loadConfig({ ORDERING_UPSTREAM: 'https://operator.example/v3' })).toThrow(ConfigError)
    expect(() => loadConfig({ ORDERING_UPSTREAM: 'https://operator.example/v3', ORDERING_API_KEY: '' })).toThrow(
      /- ORDERING_API_KEY.*: is required when ORDERING_UPSTREAM points at a real operator/,
    )
  })

  it('refuses an ORDERING_API_KEY that is not the sandbox’s key when the upstream is the sandbox', () => {
    expect(() => loadConfig({ ORDERING_API_KEY: 'another-key' })).toThrow(/- ORDERING_API_KEY \("another-key"\): must equal SANDBOX_API_KEY/)
    expect(loadConfig({ ORDERING_API_KEY: 'sandbox-api-key' }).apiKey).toBe('sandbox-api-key')
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['ORDERING_UPSTREAM', 'ftp://operator.example/v3'],
    ['SANDBOX_SEED_COUNT', '-1'],
    ['SANDBOX_CLIENT_SECRET', 'short'],
    ['SANDBOX_CONTROL', 'yes'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['SESSION_SECRETS', `${'n'.repeat(40)},short`],
  ])('throws a ConfigError naming %s for %j', (name, value) => {
    let error: unknown
    try {
      loadConfig({ [name]: value })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toContain(`- ${name} (${JSON.stringify(value)}): `)
  })

  it('reads SESSION_SECRETS as the sealing secret first, then the others, in place of SESSION_SECRET (0021)', () => {
    const [next, old] = ['n'.repeat(40), 'o'.repeat(40)]
    const config = loadConfig({
      ORDERING_UPSTREAM: 'https://operator.example/v3',
      ORDERING_API_KEY: 'k-1',
      ...OPERATOR_OIDC,
      SESSION_SECRET: '',
      SESSION_SECRETS: `${next}, ${old}`,
    })
    expect(config.sessionSecrets).toEqual([next, old])
    expect(config.oidc.sessionSecret).toBe(next)
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6380' }).REDIS_URL).toBe('redis://127.0.0.1:6380')
    expect(loadConfig({}).sessionSecrets).toHaveLength(1)
  })
})

describe('OPERATOR_PROFILE (docs/decisions/0027-operator-profile.md)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'operator-profile-'))
  let files = 0
  /** A profile file holding `text`, its path. */
  const profileFile = (text: string) => {
    const path = join(folder, `profile-${files++}.json`)
    writeFileSync(path, text)
    return path
  }
  const startError = (path: string) => {
    try {
      loadConfig({ OPERATOR_PROFILE: path })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as Error).message
    }
    throw new Error('the start was not stopped')
  }

  it('is today’s behaviour when unset', () => {
    expect(loadConfig({}).operatorProfile).toEqual({
      apiKey: 'header',
      sort: '-field',
      dateRange: 'field.gte',
      pageSizeMax: 100,
      wildcards: true,
      closedStatuses: ['COMPLETED', 'REJECTED', 'CANCELLED'],
    })
  })

  it('reads every key of the file, the missing ones at their defaults', () => {
    const path = profileFile(JSON.stringify({ issuer: 'https://auth.operator.example', sort: 'field:desc', dateRange: 'field=FROM..TO', pageSizeMax: 50 }))
    expect(loadConfig({ OPERATOR_PROFILE: path }).operatorProfile).toEqual({
      issuer: 'https://auth.operator.example',
      apiKey: 'header',
      sort: 'field:desc',
      dateRange: 'field=FROM..TO',
      pageSizeMax: 50,
      wildcards: true,
      closedStatuses: ['COMPLETED', 'REJECTED', 'CANCELLED'],
    })
  })

  it('stops the start naming the file when it is missing or not JSON', () => {
    const missing = join(folder, 'nowhere.json')
    expect(startError(missing)).toMatch(new RegExp(`Invalid operator profile.*\\(${missing.replace(/[.\\/]/g, '\\$&')}\\):\\n- the file cannot be read`))
    const notJson = profileFile('{ sort: -field }')
    expect(startError(notJson)).toContain(`(${notJson}):\n- the file is not JSON`)
    expect(startError(profileFile('[]'))).toContain('must hold a JSON object with the keys issuer, apiKey, sort')
  })

  it.each([
    ['sort', '"createdAt desc"', '- sort ("createdAt desc"): accepts "-field", "field:desc", "field,desc"'],
    ['dateRange', '"between"', '- dateRange ("between"): accepts "field.gte", "field=FROM..TO", "field[gte]"'],
    ['apiKey', '"cookie"', '- apiKey ("cookie"): accepts "header", "query"'],
    ['pageSizeMax', '0', '- pageSizeMax (0): accepts an integer from 1 to 10000'],
    ['wildcards', '"yes"', '- wildcards ("yes"): accepts true or false'],
    ['closedStatuses', '[]', '- closedStatuses ([]): accepts a non-empty array'],
    ['issuer', '"ftp://auth.example"', '- issuer ("ftp://auth.example"): accepts an http or https URL'],
  ])('stops the start naming the key %s and what it accepts', (key, value, line) => {
    const path = profileFile(`{ "${key}": ${value} }`)
    const message = startError(path)
    expect(message).toContain(`(${path})`)
    expect(message).toContain(line)
  })

  it('stops the start on an unknown key, naming it and the known ones', () => {
    expect(startError(profileFile('{ "sortStyle": "-field" }'))).toContain(
      '- sortStyle: is not a key of the profile; the keys are issuer, apiKey, sort, dateRange, pageSizeMax, wildcards, closedStatuses',
    )
  })
})
