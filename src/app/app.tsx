import { useEffect, useState } from 'react'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import { readRetryDelay, shouldRetryRead } from '@/lib/retry-policy'
import { isQuotaSpent } from '@/lib/api-error'
import { watchSpentQuota } from '@/lib/spent-quota'
import { refetchWhenServiceIsBack } from '@/features/api-status/service-recovery'
import { isSessionLost, signInAgain } from '@/features/auth/session-lost'
import { AuthSessionContext, type AuthSession } from '@/features/auth/session'
import { createRouter, type RouterFactory } from './router'

/**
 * The query client of the page. A call that finds the session gone (401, code 40 or 41) signs the person in
 * again, keeping the page: this is the one place that happens, not the HTTP client.
 */
export function createQueryClient(options: { onSessionLost?: () => void } = {}) {
  const onError = (error: unknown) => {
    if (isSessionLost(error)) options.onSessionLost?.()
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Throttling, network faults and 5xx are worth a retry, with backoff; other 4xx are handled where they happen.
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        // A spent quota is never called again by itself, not even when the window regains focus (0032).
        refetchOnWindowFocus: (query) => !isQuotaSpent(query.state.error),
      },
      // A write that failed may still have been done: it is never repeated without the person deciding.
      mutations: { retry: false },
    },
  })
}

export interface AppState {
  queryClient: QueryClient
  router: ReturnType<typeof createRouter>
}

/**
 * The page's query client and router. Made before the first render (main.tsx), the router starts loading the opened
 * page's code, and its loader the page's data, while the messages and the header's part are still on their way.
 */
export function createAppState(session: AuthSession, createDataRouter?: RouterFactory): AppState {
  const queryClient = createQueryClient({ onSessionLost: () => signInAgain(session) })
  refetchWhenServiceIsBack(queryClient)
  watchSpentQuota(queryClient)
  return { queryClient, router: createRouter(queryClient, session, createDataRouter) }
}

export function App({ session, state }: { session: AuthSession; state?: AppState }) {
  const [{ queryClient, router }] = useState(() => state ?? createAppState(session))
  // Another person, or nobody, in this tab or another (0011): nothing fetched for the one before may show. The page
  // leaves for the sign-in page first (RequireSignIn), then the cache empties.
  useEffect(() => session.onPersonChange(() => setTimeout(() => queryClient.clear())), [session, queryClient])
  return (
    <AuthSessionContext value={session}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AuthSessionContext>
  )
}
