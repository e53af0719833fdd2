import { useState } from 'react'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import { I18nextProvider } from 'react-i18next'
import { AuthProvider } from 'react-oidc-context'
import type { UserManager } from 'oidc-client-ts'
import { i18n } from '@/i18n/i18n'
import { readRetryDelay, shouldRetryRead } from '@/lib/retry-policy'
import { refetchWhenServiceIsBack } from '@/features/api-status/service-recovery'
import { CALLBACK_PATH } from '@/features/auth/return-to'
import { isSessionLost, signInAgain } from '@/features/auth/session-lost'
import { createRouter } from './router'

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
      },
      // A write that failed may still have been done: it is never repeated without the person deciding.
      mutations: { retry: false },
    },
  })
}

/** The sign-in answer's code and state are spent once exchanged: take them out of the address bar. */
function cleanCallbackUrl() {
  window.history.replaceState(window.history.state, '', window.location.pathname)
}

export function App({ userManager }: { userManager: UserManager }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({ onSessionLost: () => signInAgain(userManager) })
    refetchWhenServiceIsBack(client)
    return client
  })
  const [router] = useState(() => createRouter(queryClient, userManager))
  // Only the callback page holds an answer to process; a `code` elsewhere is none of the sign-in's business.
  const [onCallbackPage] = useState(() => window.location.pathname === CALLBACK_PATH)
  return (
    <I18nextProvider i18n={i18n}>
      <AuthProvider userManager={userManager} onSigninCallback={cleanCallbackUrl} skipSigninCallback={!onCallbackPage}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AuthProvider>
    </I18nextProvider>
  )
}
