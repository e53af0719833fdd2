import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '@/lib/api-error'
import { confirmArrival, sendOnce, type PendingSend, type SendOutcome, type SendPort, type SendStep } from './send-once'

/**
 * The send-once protocol (./send-once.ts) for a form: the step to tell the person, the outcome, and the two
 * actions a person can take (send, check again). Whatever is under way stops when the form goes away.
 */
export function useSendOnce(
  port: SendPort,
  onOutcome: (outcome: SendOutcome) => void,
  pending?: { read: () => PendingSend | null; save: (pending: PendingSend) => void },
) {
  const [step, setStep] = useState<SendStep | null>(null)
  const [outcome, setOutcome] = useState<SendOutcome | null>(null)
  const controller = useRef<AbortController | null>(null)
  const settle = useRef(onOutcome)
  useEffect(() => {
    settle.current = onOutcome
  })

  useEffect(() => () => controller.current?.abort(), [])

  const start = useCallback((work: (signal: AbortSignal) => Promise<SendOutcome>) => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    work(current.signal).then(
      (next) => {
        if (current.signal.aborted) return
        setStep(null)
        setOutcome(next)
        settle.current(next)
      },
      () => {
        // Aborted: the form went away, or a newer action replaced this one.
      },
    )
  }, [])
  const run = useCallback(
    (work: (signal: AbortSignal) => Promise<SendOutcome>) => {
      setOutcome(null)
      start(work)
    },
    [start],
  )

  const send = useCallback(
    (body: Record<string, unknown>) => run((signal) => sendOnce(body, port, { signal, onStep: setStep, onStart: pending?.save })),
    [port, run, pending?.save],
  )

  // A send left unsettled (the page was reloaded while checking): check again at once, never send again.
  useEffect(() => {
    const left = pending?.read()
    if (!left) return
    const error = new ApiError({ status: 0, requestId: null, kind: 'network', message: 'The answer to the last send was not received.' })
    start((signal) => confirmArrival({ error, ...left }, port, { signal, onStep: setStep }))
  }, [pending, port, start])
  const checkAgain = useCallback(() => {
    if (outcome?.kind !== 'unverified') return
    run((signal) => confirmArrival(outcome, port, { signal, onStep: setStep }))
  }, [outcome, port, run])

  return { step, outcome, busy: step !== null, send, checkAgain }
}
