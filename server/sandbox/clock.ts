import { getMeta, setMeta, type Db } from './db'

const OFFSET_KEY = 'clock_offset_ms'

/**
 * The sandbox's notion of now: real time plus an offset that tests move forward through the control
 * endpoint. It drives the request lifecycle and the "today + 7 days" rule; token lifetimes follow real
 * time (docs/decisions/0003-request-lifecycle.md). The offset is stored, so a restart keeps it.
 */
export class SandboxClock {
  private offsetMs: number

  constructor(
    private readonly db: Db,
    private readonly realNow: () => number = Date.now,
  ) {
    this.offsetMs = Number(getMeta(db, OFFSET_KEY) ?? 0)
  }

  now(): number {
    return this.realNow() + this.offsetMs
  }

  /** Today's date, UTC, YYYY-MM-DD. */
  today(): string {
    return new Date(this.now()).toISOString().slice(0, 10)
  }

  advance(ms: number): void {
    if (ms < 0) throw new RangeError('The sandbox clock only moves forward.')
    this.offsetMs += ms
    setMeta(this.db, OFFSET_KEY, String(this.offsetMs))
  }

  get offset(): number {
    return this.offsetMs
  }
}
