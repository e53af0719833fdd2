import { Hono, type Context } from 'hono'
import { CLOUD_AUTH_SCHEME, CLOUD_PAGE, ZCloudListQuery, type CloudList } from '@contract/cloud'
import { ERROR_CODE } from '@contract/error'
import { describeIssues, type MessageLanguage } from '@contract/issue-messages'
import { ApiError, errorApi, type MessageTable } from '../../shared/api-error'
import { safeEqual } from '../oauth/client-credentials'
import { identifyCall } from '../http'
import type { Sandbox } from '../sandbox'
import { CloudInventory } from './cloud-inventory'

type CloudEnv = { Variables: { requestId: string; language: MessageLanguage; customerId: string } }

/** The cloud API's message table (0018); the `message` of each code is the platform's (server/shared/error-messages.ts). */
export const CLOUD_ERRORS = errorApi('cloud', 'platform', {
  missingKey: {
    en: 'Send the cloud API key as Authorization: APIKey <key>.',
    fr: 'Envoyez la clé de l’API cloud dans Authorization: APIKey <clé>.',
  },
  invalidKey: { en: 'The cloud API key is not known.', fr: 'La clé de l’API cloud n’est pas reconnue.' },
  spikeArrest: {
    en: 'Spike arrest limit of {{limit}} requests per second exceeded. Retry after about a second.',
    fr: 'Limite anti-pic de {{limit}} requêtes par seconde dépassée. Réessayez dans une seconde environ.',
  },
  field: { en: '{{path}} {{message}}.', fr: '{{path}} {{message}}.' },
  repeated: { en: '{{name}} is given more than once; give it once.', fr: '{{name}} est donné plusieurs fois ; donnez-le une seule fois.' },
  noPath: { en: 'No resource exists at {{path}}.', fr: 'Aucune ressource n’existe à l’adresse {{path}}.' },
  noProject: { en: 'No project {{id}} exists for your company.', fr: 'Aucun projet {{id}} n’existe pour votre société.' },
  noRegion: { en: 'No region {{id}} exists; GET /cloud/v1/regions lists them.', fr: 'Aucune région {{id}} n’existe ; GET /cloud/v1/regions les liste.' },
  method: { en: 'Only GET is allowed here.', fr: 'Seul GET est autorisé ici.' },
  internal: {
    en: 'Something went wrong on our side. Quote the request id to support.',
    fr: 'Une erreur s’est produite de notre côté. Citez l’identifiant de requête au support.',
  },
} satisfies MessageTable<string>)

const ROUTES = [/^\/regions$/, /^\/projects$/, /^\/instances\/[^/]+\/[^/]+$/]

/** limit and offset, checked with the contract; a repeated or unknown parameter is a 400 naming it. */
function pageOf(c: Context<CloudEnv>): { limit: number; offset: number } {
  const flat: Record<string, string> = {}
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) {
      throw new ApiError(
        CLOUD_ERRORS,
        400,
        ERROR_CODE.invalidQueryParameter,
        'repeated',
        { name },
        { fields: [{ path: name, message: 'is given more than once' }] },
      )
    }
    flat[name] = values[0] ?? ''
  }
  const parsed = ZCloudListQuery.safeParse(flat)
  if (!parsed.success) {
    const fields = describeIssues(parsed.error.issues, c.get('language'), 'parameter')
    const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys')
    const first = fields[0] ?? { path: '', message: '' }
    throw new ApiError(CLOUD_ERRORS, 400, unknown ? ERROR_CODE.unknownQueryParameter : ERROR_CODE.invalidQueryParameter, 'field', first, { fields })
  }
  return { limit: parsed.data.limit ?? CLOUD_PAGE.defaultLimit, offset: parsed.data.offset ?? 0 }
}

/** A page of an in-memory list: an offset at or past the end gives `[]` with the full count. */
function paged<T>(items: readonly T[], page: { limit: number; offset: number }): CloudList<T> {
  return { count: items.length, results: items.slice(page.offset, page.offset + page.limit) }
}

/** A path identifier: a positive whole number, else the resource cannot exist. */
function idOf(value: string): number | null {
  return /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null
}

/**
 * The cloud interface's lists of reference 3 (0018): GET /regions, /projects and /instances/{project_id}/{region_id},
 * with `Authorization: APIKey <key>`. The key is the sandbox application's cloud key; the application's customer
 * owns the projects it sees. Order of checks: route (404 / 405), key (401 40 / 41), spike arrest (403 53),
 * query (400 25 / 26), project and region (404 60).
 */
export function cloudApiRoutes(sandbox: Sandbox): Hono<CloudEnv> {
  const app = new Hono<CloudEnv>()
  const inventory = new CloudInventory(sandbox.config.SANDBOX_SEED)

  app.use(identifyCall)

  app.onError((error, c) => {
    const known = error instanceof ApiError ? error : null
    if (!known) console.error(`[sandbox cloud] ${c.get('requestId')} ${c.req.method} ${c.req.path}`, error)
    return (known ?? new ApiError(CLOUD_ERRORS, 500, ERROR_CODE.internal, 'internal')).respond(c)
  })

  // Route and method first (no credentials needed to learn that a path does not exist), then the key.
  app.use(async (c, next) => {
    const path = c.req.path.replace(/^.*\/cloud\/v1/, '')
    if (!ROUTES.some((route) => route.test(path))) throw new ApiError(CLOUD_ERRORS, 404, ERROR_CODE.notFound, 'noPath', { path: c.req.path })
    if (c.req.method !== 'GET') throw new ApiError(CLOUD_ERRORS, 405, ERROR_CODE.methodNotAllowed, 'method', {}, { headers: { Allow: 'GET' } })

    const challenge = { 'WWW-Authenticate': `${CLOUD_AUTH_SCHEME} realm="cloud"` }
    const match = new RegExp(`^${CLOUD_AUTH_SCHEME} +(\\S+)$`, 'i').exec((c.req.header('Authorization') ?? '').trim())
    if (!match) throw new ApiError(CLOUD_ERRORS, 401, ERROR_CODE.missingCredentials, 'missingKey', {}, { headers: challenge })
    if (!safeEqual(match[1]!, sandbox.config.SANDBOX_CLOUD_API_KEY)) {
      throw new ApiError(CLOUD_ERRORS, 401, ERROR_CODE.invalidCredentials, 'invalidKey', {}, { headers: challenge })
    }
    // The cloud key belongs to the sandbox application: its customer, and its spike arrest (all inbound traffic).
    const application = sandbox.applications.byClientId(sandbox.config.SANDBOX_CLIENT_ID)
    if (!application) throw new ApiError(CLOUD_ERRORS, 401, ERROR_CODE.invalidCredentials, 'invalidKey', {}, { headers: challenge })
    if (!sandbox.spikeArrest.hit(application.client_id)) {
      throw new ApiError(
        CLOUD_ERRORS,
        403,
        ERROR_CODE.tooManyRequests,
        'spikeArrest',
        { limit: sandbox.spikeArrest.limit },
        {
          headers: { 'Retry-After': String(sandbox.spikeArrest.retryAfterSeconds(application.client_id)) },
        },
      )
    }
    c.set('customerId', application.customer_id)
    await next()
  })

  app.get('/regions', (c) => c.json(paged(inventory.regions(), pageOf(c))))

  app.get('/projects', (c) => c.json(paged(inventory.projects(c.get('customerId')), pageOf(c))))

  app.get('/instances/:projectId/:regionId', (c) => {
    const page = pageOf(c)
    const projectId = idOf(c.req.param('projectId'))
    const project = projectId === null ? undefined : inventory.project(c.get('customerId'), projectId)
    if (!project) throw new ApiError(CLOUD_ERRORS, 404, ERROR_CODE.notFound, 'noProject', { id: c.req.param('projectId') })
    const regionId = idOf(c.req.param('regionId'))
    if (regionId === null || !inventory.region(regionId))
      throw new ApiError(CLOUD_ERRORS, 404, ERROR_CODE.notFound, 'noRegion', { id: c.req.param('regionId') })
    const body: CloudList<unknown> = {
      count: inventory.instanceCount(project.id, regionId),
      results: inventory.instances(project, regionId, page.offset, page.limit),
    }
    return c.json(body)
  })

  return app
}
