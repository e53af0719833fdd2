import type { RequestRow } from '../ordering/request-store'

/**
 * The alternate dialect's statuses, steps and sub-steps (docs/decisions/0029-second-dialect.md): reference 1 names the
 * values it has "seen" and leaves the list open, so this operator has more. They are read from the one lifecycle the
 * store keeps (0003), never stored: the same rows, told differently.
 * - CANCELLED (closed): a request its customer cancelled, which the default dialect shows as REJECTED with code 304.
 * - ON_HOLD (open), sub-step AWAITING_CUSTOMER: an order waiting for its delivery to be planned with the customer.
 * - step ACTIVATION, sub-step SERVICE_TEST: the default dialect's DELIVERY / ACTIVATION.
 * Each value is written twice, in SQL (filters, sort, aggregate) and in TypeScript (answers); the dialect's tests
 * check that both agree on the whole seed.
 */
export const ALTERNATE_STATE_SQL = {
  status: `(CASE WHEN status = 'REJECTED' AND outcome = 'cancelled' THEN 'CANCELLED' WHEN status = 'IN_PROGRESS' AND sub_step = 'PLANNING' THEN 'ON_HOLD' ELSE status END)`,
  step: `(CASE WHEN step = 'DELIVERY' AND sub_step = 'ACTIVATION' THEN 'ACTIVATION' ELSE step END)`,
  sub_step: `(CASE WHEN status = 'IN_PROGRESS' AND sub_step = 'PLANNING' THEN 'AWAITING_CUSTOMER' WHEN step = 'DELIVERY' AND sub_step = 'ACTIVATION' THEN 'SERVICE_TEST' ELSE sub_step END)`,
} as const

interface AlternateState {
  status: string
  step: string
  subStep: string
}

/** A row's status, step and sub-step as the alternate dialect tells them; the TypeScript twin of ALTERNATE_STATE_SQL. */
export function alternateStateOf(row: Pick<RequestRow, 'status' | 'step' | 'sub_step' | 'outcome'>): AlternateState {
  const onHold = row.status === 'IN_PROGRESS' && row.sub_step === 'PLANNING'
  const activation = row.step === 'DELIVERY' && row.sub_step === 'ACTIVATION'
  return {
    status: row.status === 'REJECTED' && row.outcome === 'cancelled' ? 'CANCELLED' : onHold ? 'ON_HOLD' : row.status,
    step: activation ? 'ACTIVATION' : row.step,
    subStep: onHold ? 'AWAITING_CUSTOMER' : activation ? 'SERVICE_TEST' : row.sub_step,
  }
}

/** Every value the alternate dialect shows, the named four and its own: what the seed of C001 has at least once. */
export const ALTERNATE_STATUSES = ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const
export const ALTERNATE_STEPS = ['ORDER', 'DELIVERY', 'ACTIVATION', 'CLOSURE'] as const
export const ALTERNATE_SUB_STEPS = ['INITIATION', 'VALIDATION', 'AWAITING_CUSTOMER', 'INSTALLATION', 'SERVICE_TEST', 'DONE'] as const
