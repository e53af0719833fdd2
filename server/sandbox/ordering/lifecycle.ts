import type { RequestCategory, RequestStatus, RequestStep, RequestSubStep } from '@contract/request'

/**
 * The request lifecycle (docs/decisions/0003-request-lifecycle.md) as a pure function of a plan and a
 * time, so that seeding, the live sandbox and the tests all agree on where a request stands.
 */
export const HOUR = 3_600_000
export const DAY = 24 * HOUR
export const ARCHIVE_AFTER = 90 * DAY

export type Outcome = 'complete' | 'reject_intake' | 'reject_validation' | 'cancelled'

export interface LifecyclePlan {
  createdAt: number
  /** YYYY-MM-DD */
  requestedAt: string
  category: RequestCategory
  outcome: Outcome
  /** Days after the requested date that delivery really happens (0: on time). */
  delayDays: number
  /** For outcome `cancelled`: when the cancellation closed it. */
  cancelledAt?: number | null
}

export interface LifecycleState {
  status: RequestStatus
  step: RequestStep
  subStep: RequestSubStep
  isOverdue: boolean
  isArchived: boolean
  /** Time of the last change at or before the time asked (the request's updatedAt). */
  changedAt: number
  closedAt: number | null
  /** When the next change is due, or null when nothing more will happen. */
  nextAt: number | null
}

interface Stage {
  at: number
  status: RequestStatus
  step: RequestStep
  subStep: RequestSubStep
}

export function dayStart(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00.000Z`)
}

/** The stages a plan goes through, in order; the last one closes the request. */
export function stagesOf(plan: LifecyclePlan): Stage[] {
  const t0 = plan.createdAt
  const stage = (at: number, status: RequestStatus, step: RequestStep, subStep: RequestSubStep): Stage => ({ at, status, step, subStep })
  const stages: Stage[] = [stage(t0, 'NEW', 'ORDER', 'INITIATION')]
  if (plan.category === 'cancellation') {
    stages.push(stage(t0 + HOUR, 'COMPLETED', 'CLOSURE', 'DONE'))
    return stages
  }
  if (plan.outcome === 'reject_intake') {
    stages.push(stage(t0 + 4 * HOUR, 'REJECTED', 'ORDER', 'INITIATION'))
    return stages
  }
  stages.push(stage(t0 + 4 * HOUR, 'IN_PROGRESS', 'ORDER', 'VALIDATION'))
  if (plan.outcome === 'reject_validation') {
    stages.push(stage(t0 + DAY, 'REJECTED', 'ORDER', 'VALIDATION'))
    return stages
  }
  stages.push(stage(t0 + DAY, 'IN_PROGRESS', 'DELIVERY', 'PLANNING'))
  const due = Math.max(dayStart(plan.requestedAt) + 12 * HOUR + plan.delayDays * DAY, t0 + 3 * DAY)
  stages.push(stage(Math.max(t0 + 2 * DAY, due - 3 * DAY), 'IN_PROGRESS', 'DELIVERY', 'INSTALLATION'))
  stages.push(stage(Math.max(t0 + 2 * DAY + 12 * HOUR, due - DAY), 'IN_PROGRESS', 'DELIVERY', 'ACTIVATION'))
  stages.push(stage(due, 'COMPLETED', 'CLOSURE', 'DONE'))
  return stages
}

/** Where a request following `plan` stands at time `t`. */
export function stateAt(plan: LifecyclePlan, t: number): LifecycleState {
  let stages = stagesOf(plan)
  if (plan.outcome === 'cancelled' && plan.cancelledAt != null) {
    const before = stages.filter((s) => s.at <= plan.cancelledAt! && s.status !== 'COMPLETED' && s.status !== 'REJECTED')
    const last = before[before.length - 1] ?? stages[0]!
    stages = [...before, { ...last, at: plan.cancelledAt, status: 'REJECTED' }]
  }
  const reached = stages.filter((s) => s.at <= t)
  const current = reached[reached.length - 1] ?? stages[0]!
  const final = stages[stages.length - 1]!
  const closedAt = final.at <= t ? final.at : null
  const overdueAt = dayStart(plan.requestedAt) + DAY
  // Overdue: still open once the requested day is over; frozen when it is delivered late. A rejected
  // (or cancelled) request is not late: it will not be delivered at all.
  const rejected = closedAt !== null && final.status === 'REJECTED'
  const isOverdue = !rejected && t >= overdueAt && (closedAt === null || closedAt > overdueAt)
  const archivedAt = closedAt === null ? null : closedAt + ARCHIVE_AFTER
  const isArchived = archivedAt !== null && t >= archivedAt

  const events = [...stages.map((s) => s.at)]
  if (final.at > overdueAt) events.push(overdueAt)
  events.push(final.at + ARCHIVE_AFTER)
  const past = events.filter((at) => at <= t)
  const future = events.filter((at) => at > t)
  return {
    status: current.status,
    step: current.step,
    subStep: current.subStep,
    isOverdue,
    isArchived,
    changedAt: Math.max(plan.createdAt, ...past),
    closedAt,
    nextAt: future.length ? Math.min(...future) : null,
  }
}
