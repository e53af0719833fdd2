import { z } from 'zod'

/**
 * Everything the server reads from its environment, parsed once at start. A bad value stops the
 * process with a message naming the variable (see formatConfigError).
 */
const SANDBOX = 'sandbox'

const port = z.coerce.number().int().min(0).max(65535)
const positiveInt = z.coerce.number().int().min(0)

export const ZServerEnv = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** `sandbox` (default) serves the built-in sandbox; a URL points the gateway at a real operator. */
    ORDERING_UPSTREAM: z.union([z.literal(SANDBOX), z.url({ protocol: /^https?$/ })]).default(SANDBOX),
    /** The API key the gateway adds; defaults to the sandbox key when the upstream is the sandbox. */
    ORDERING_API_KEY: z.string().min(1).optional(),
    SANDBOX_DB_PATH: z.string().min(1).default('.data/sandbox.db'),
    SANDBOX_SEED_COUNT: positiveInt.default(5000),
    SANDBOX_SEED: z.coerce.number().int().default(20261122),
    SANDBOX_SPIKE_ARREST_PER_SECOND: positiveInt.default(25),
    SANDBOX_TOKEN_REQUESTS_PER_MINUTE: positiveInt.default(50),
    SANDBOX_CLIENT_ID: z.string().min(1).default('ordering-console-sandbox'),
    SANDBOX_CLIENT_SECRET: z.string().min(16).default('sandbox-client-secret-0123456789abcdef'),
    SANDBOX_API_KEY: z.string().min(8).default('sandbox-api-key'),
    /** Sandbox-only endpoints for tests (clock, faults); never mounted when the upstream is real. */
    SANDBOX_CONTROL: z.enum(['on', 'off']).default('on'),
    SERVE_SPA: z.enum(['on', 'off']).default('on'),
    SPA_DIST: z.string().min(1).default('dist'),
  })
  .superRefine((env, ctx) => {
    if (env.ORDERING_UPSTREAM === SANDBOX && env.ORDERING_API_KEY && env.ORDERING_API_KEY !== env.SANDBOX_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORDERING_API_KEY'],
        message: 'must equal SANDBOX_API_KEY when the upstream is the sandbox (or leave it unset)',
      })
    }
    if (env.ORDERING_UPSTREAM !== SANDBOX && !env.ORDERING_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORDERING_API_KEY'],
        message: 'is required when ORDERING_UPSTREAM points at a real operator',
      })
    }
  })

export type ServerConfig = z.infer<typeof ZServerEnv> & { usesSandbox: boolean; apiKey: string }

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const known = Object.fromEntries(
    Object.keys(ZServerEnv.shape).flatMap((key) => (env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]])),
  )
  const parsed = ZServerEnv.safeParse(known)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const value = env[name]
      return `- ${name}${value === undefined ? '' : ` (${JSON.stringify(value)})`}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration, fix these environment variables:\n${lines.join('\n')}`)
  }
  const usesSandbox = parsed.data.ORDERING_UPSTREAM === SANDBOX
  return {
    ...parsed.data,
    usesSandbox,
    apiKey: parsed.data.ORDERING_API_KEY ?? parsed.data.SANDBOX_API_KEY,
  }
}
