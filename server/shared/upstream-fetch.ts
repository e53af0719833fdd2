/** How the gateway reaches an upstream: the sandbox in-process, or the network. */
export type FetchLike = (request: Request) => Promise<Response>

function timeoutError(timeoutMs: number): DOMException {
  return new DOMException(`The upstream did not answer within ${timeoutMs} ms.`, 'TimeoutError')
}

/**
 * Bounds a whole upstream exchange (docs/decisions/0022-server-edge.md): the answer and its body must arrive within
 * `timeoutMs`, or the call fails with a `TimeoutError` the proxies report as 504. The request's own abort signal is
 * not enough: the sandbox reached in-process ignores it (a 35 s latency fault answered 201 after 35 s), and a body
 * that trickles in after the headers would escape it. The body is read here, whole, so callers get a finished answer.
 */
export function boundedFetch(inner: FetchLike, timeoutMs: number): FetchLike {
  return async (request) => {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = timeoutError(timeoutMs)
        controller.abort(error)
        reject(error)
      }, timeoutMs)
    })
    try {
      const signal = AbortSignal.any([controller.signal, request.signal])
      const exchange = (async () => {
        const response = await inner(new Request(request, { signal }))
        const nullBody = response.status === 204 || response.status === 205 || response.status === 304
        const body = nullBody || !response.body ? null : await response.arrayBuffer()
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
      })()
      // The losing side must not become an unhandled rejection.
      exchange.catch(() => {})
      return await Promise.race([exchange, expired])
    } finally {
      clearTimeout(timer)
    }
  }
}
