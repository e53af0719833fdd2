import type { Request, RequestStep, RequestSubStep } from '@contract/request'

export interface LifecycleStage {
  step: RequestStep
  subStep: RequestSubStep
}

/** The path every request but a cancellation follows (docs/decisions/0003-request-lifecycle.md, "Stages"). */
export const LIFECYCLE_PATH: readonly LifecycleStage[] = [
  { step: 'ORDER', subStep: 'INITIATION' },
  { step: 'ORDER', subStep: 'VALIDATION' },
  { step: 'DELIVERY', subStep: 'PLANNING' },
  { step: 'DELIVERY', subStep: 'INSTALLATION' },
  { step: 'DELIVERY', subStep: 'ACTIVATION' },
  { step: 'CLOSURE', subStep: 'DONE' },
]

/** A cancellation goes from its initiation straight to its closure, an hour later. */
export const CANCELLATION_PATH: readonly LifecycleStage[] = [
  { step: 'ORDER', subStep: 'INITIATION' },
  { step: 'CLOSURE', subStep: 'DONE' },
]

/**
 * done: passed; current: where the request stands (open), completed: the closure it reached; rejected: where it
 * stopped; cancelled: where its customer's cancellation stopped it; upcoming: still ahead on the known path.
 */
export type StageState = 'done' | 'current' | 'completed' | 'rejected' | 'cancelled' | 'upcoming'

export interface TimelineStage extends LifecycleStage {
  state: StageState
}

export interface Timeline {
  stages: TimelineStage[]
  /** Index of the stage the request is at, or -1 when its step and sub-step are not on the known path. */
  currentIndex: number
}

/**
 * The known path of a request and where it stands on it, from status, step and sub-step only: the API says
 * nothing of the stages passed but their order. A rejected request stops where it was rejected; the stages it
 * will never reach are not listed.
 */
export function timelineOf(request: Pick<Request, 'status' | 'step' | 'subStep' | 'category'>, cancelled = false): Timeline {
  const path = request.category === 'cancellation' ? CANCELLATION_PATH : LIFECYCLE_PATH
  const currentIndex = path.findIndex((stage) => stage.step === request.step && stage.subStep === request.subStep)
  if (currentIndex === -1) return { stages: path.map((stage) => ({ ...stage, state: 'upcoming' })), currentIndex }
  const stopped = request.status === 'REJECTED' || cancelled
  const reached = stopped ? path.slice(0, currentIndex + 1) : path
  const currentState: StageState = cancelled
    ? 'cancelled'
    : request.status === 'REJECTED'
      ? 'rejected'
      : request.status === 'COMPLETED'
        ? 'completed'
        : 'current'
  return {
    stages: reached.map((stage, index) => ({
      ...stage,
      state: index < currentIndex ? 'done' : index === currentIndex ? currentState : 'upcoming',
    })),
    currentIndex,
  }
}
