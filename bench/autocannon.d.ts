/** The part of autocannon 8's programmatic API that bench/run.ts uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p2_5: number
    p50: number
    p75: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
    p99_99: number
    p99_999: number
  }

  export interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number | string
    amount?: number
    timeout?: number
    pipelining?: number
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    requests?: AutocannonRequest[]
    title?: string
    /** A run made first and left out of the results (autocannon's own warm-up). */
    warmup?: Partial<Omit<Options, 'warmup'>>
  }

  export interface Result {
    title?: string
    url: string
    requests: Histogram & { sent: number }
    latency: Histogram & { totalCount: number }
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    start: Date
    finish: Date
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void
  }

  function autocannon(options: Options): Instance
  export default autocannon
}
