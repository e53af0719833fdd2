import { useState } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '@/i18n/i18n'
import { ApiError } from '@/lib/api-error'
import { createRouter } from './router'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // 4xx answers are handled where they happen; only network faults and 5xx are worth a retry.
        retry: (failureCount, error) => failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
    },
  })
}

export function App(props: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient())
  const [router] = useState(() => createRouter(queryClient))
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  )
}
