// TanStack Query as the list uses it: a query client, a prefetch, a query keeping the previous page.
import { createRoot } from 'react-dom/client'
import { keepPreviousData, QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query'

const queryClient = new QueryClient()
const page = (offset: number) => queryOptions({ queryKey: ['requests', offset], queryFn: async () => [offset], placeholderData: keepPreviousData })
queryClient.query(page(20)).catch(() => undefined)

function Page() {
  const { data } = useQuery(page(0))
  return <p>{data?.join()}</p>
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <Page />
  </QueryClientProvider>,
)
