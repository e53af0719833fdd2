import { z } from 'zod'

/**
 * Faults the sandbox injects on demand into its ordering API, so that tests and demos can see how clients
 * behave when the platform does not (docs/decisions/0016-errors-faults-and-languages.md).
 */
export const FAULT_KINDS = ['latency', 'unavailable', 'tooManyRequests', 'spikeArrest', 'dropConnection', 'expiredToken'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

/** A path pattern relative to the ordering API's base: `*` alone, or a path where `*` matches anything. */
const PATH_PATTERN = /^(\*|\/[A-Za-z0-9/_.*-]*)$/
const RETRY_AFTER_KINDS: readonly FaultKind[] = ['unavailable', 'tooManyRequests', 'spikeArrest']

export const ZFaultInput = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  path: z.string().regex(PATH_PATTERN).default('*'),
  method: z.enum(['GET', 'POST']).optional(),
  count: z.int().min(1).max(1000).optional(),
  seconds: z.number().positive().max(3600).optional(),
  latencyMs: z.int().min(1).max(60_000).optional(),
  retryAfterSeconds: z.int().min(1).max(3600).optional(),
})
export type FaultInput = z.infer<typeof ZFaultInput>

/** Rules the schema cannot say on one field: what is missing or out of place given `kind`. */
export function faultInputProblems(input: FaultInput): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = []
  if (input.count !== undefined && input.seconds !== undefined) {
    problems.push({ path: 'seconds', message: 'cannot be given with count: a fault lasts either N calls or S seconds' })
  }
  if (input.kind === 'latency' && input.latencyMs === undefined) problems.push({ path: 'latencyMs', message: 'is required when kind is latency' })
  if (input.kind !== 'latency' && input.latencyMs !== undefined) problems.push({ path: 'latencyMs', message: 'is allowed only when kind is latency' })
  if (input.retryAfterSeconds !== undefined && !RETRY_AFTER_KINDS.includes(input.kind)) {
    problems.push({ path: 'retryAfterSeconds', message: `is allowed only when kind is ${RETRY_AFTER_KINDS.join(', ')}` })
  }
  return problems
}

export interface FaultRule {
  id: number
  kind: FaultKind
  path: string
  method: 'GET' | 'POST' | null
  /** Calls still to fault; null when the rule lasts a time instead. */
  remaining: number | null
  /** Real time (ms) the rule ends; null when it lasts a number of calls. */
  until: number | null
  latencyMs: number | null
  retryAfterSeconds: number | null
  /** Calls faulted so far. */
  hits: number
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${escaped}$`)
}

/** The active rules, in the order they were added; the first that matches a call faults it. */
export class FaultInjector {
  private rules: (FaultRule & { matcher: RegExp })[] = []
  private nextId = 1

  constructor(private readonly now: () => number) {}

  add(input: FaultInput): FaultRule {
    const rule = {
      id: this.nextId++,
      kind: input.kind,
      path: input.path,
      method: input.method ?? null,
      remaining: input.seconds === undefined ? (input.count ?? 1) : null,
      until: input.seconds === undefined ? null : this.now() + input.seconds * 1000,
      latencyMs: input.latencyMs ?? null,
      retryAfterSeconds: input.retryAfterSeconds ?? null,
      hits: 0,
      matcher: patternToRegExp(input.path),
    }
    this.rules.push(rule)
    return describe(rule)
  }

  list(): FaultRule[] {
    this.prune()
    return this.rules.map(describe)
  }

  clear(): number {
    const cleared = this.rules.length
    this.rules = []
    return cleared
  }

  /** The fault for this call, if any, counted as spent. */
  take(method: string, path: string): FaultRule | null {
    this.prune()
    const rule = this.rules.find((r) => (r.method === null || r.method === method) && r.matcher.test(path))
    if (!rule) return null
    rule.hits += 1
    if (rule.remaining !== null) rule.remaining -= 1
    this.prune()
    return describe(rule)
  }

  private prune() {
    const now = this.now()
    this.rules = this.rules.filter((r) => (r.remaining === null || r.remaining > 0) && (r.until === null || r.until > now))
  }
}

function describe({ matcher: _matcher, ...rule }: FaultRule & { matcher: RegExp }): FaultRule {
  return { ...rule }
}
