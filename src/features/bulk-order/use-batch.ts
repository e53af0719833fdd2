import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { clearBatch, isFinished, readBatch, saveBatch, startBatch, type BatchRecord } from './batch-record'
import { BATCH_PER_SECOND, createPacer } from './pacer'
import { runBatch, type BatchSendPort } from './run-batch'

/** One pace for the whole tab, whichever page runs a batch. */
const pacer = createPacer(BATCH_PER_SECOND)
/** Batches running in this tab: a second render (StrictMode, a remount) never starts a second run. */
const running = new Set<string>()

/**
 * The person's batch as the browser recorded it (./batch-record.ts), and the actions on it: start, pause, resume,
 * forget. A batch left running by a reload or a closed tab goes on as soon as the page opens again, and one stopped by
 * a lost network as soon as the browser is back online (its `online` event).
 */
export function useBatch(person: string, port: BatchSendPort) {
  const [state, setState] = useState(() => readBatch(person))
  const controller = useRef<AbortController | null>(null)
  const cutOff = useRef<AbortController | null>(null)
  // The run's copy of the record does not know of a pause that came after it started.
  const paused = useRef(state?.record.paused ?? false)

  const run = useCallback(
    (record: BatchRecord, bodies: Record<string, Record<string, unknown>>) => {
      if (running.has(record.id) || isFinished(record) || navigator.onLine === false) return
      running.add(record.id)
      const stop = new AbortController()
      const cut = new AbortController()
      controller.current = stop
      cutOff.current = cut
      void runBatch(record, {
        port,
        pacer,
        bodies,
        signal: stop.signal,
        cutOff: cut.signal,
        onChange: (changed) => {
          const next = { ...changed, paused: paused.current }
          saveBatch(person, next)
          setState({ record: next, bodies })
        },
      }).finally(() => running.delete(record.id))
    },
    [person, port],
  )

  const offline = useRunLeft(person, run, cutOff)

  const start = useCallback(
    (record: BatchRecord, bodies: Record<string, Record<string, unknown>>) => {
      paused.current = false
      startBatch(person, record, bodies)
      setState({ record, bodies })
      run(record, bodies)
    },
    [person, run],
  )

  const pause = useCallback(() => {
    controller.current?.abort()
    paused.current = true
    const current = readBatch(person)
    if (!current) return
    const record = { ...current.record, paused: true }
    saveBatch(person, record)
    setState({ record, bodies: current.bodies })
  }, [person])

  const resume = useCallback(() => {
    const current = readBatch(person)
    if (!current) return
    paused.current = false
    const record = { ...current.record, paused: false }
    saveBatch(person, record)
    setState({ record, bodies: current.bodies })
    // A pause lets rows in flight finish; wait for that run to end before the next starts.
    const again = () => (running.has(record.id) ? setTimeout(again, 100) : run(readBatch(person)?.record ?? record, current.bodies))
    again()
  }, [person, run])

  const forget = useCallback(() => {
    controller.current?.abort()
    clearBatch(person)
    setState(null)
  }, [person])

  return { batch: state?.record ?? null, offline, start, pause, resume, forget }
}

/**
 * A batch left running by a reload or a closed tab goes on as the page opens; a lost network cuts the run off where it
 * stands and its return resumes it, as a reload would. Answers whether the browser is offline.
 */
function useRunLeft(
  person: string,
  run: (record: BatchRecord, bodies: Record<string, Record<string, unknown>>) => void,
  cutOff: RefObject<AbortController | null>,
) {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false)
  useEffect(() => {
    const resumeLeft = () => {
      const left = readBatch(person)
      if (left && !left.record.paused) run(left.record, left.bodies)
    }
    resumeLeft()
    // A lost network stops the run where it stands; its return resumes it, as a reload would.
    const onOffline = () => {
      setOffline(true)
      cutOff.current?.abort()
    }
    const onOnline = () => {
      setOffline(false)
      const again = () => (running.size > 0 ? setTimeout(again, 100) : resumeLeft())
      again()
    }
    window.addEventListener('offline', onOffline)
    window.addEventListener('online', onOnline)
    return () => {
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
    }
  }, [person, run, cutOff])
  return offline
}
