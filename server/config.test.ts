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
