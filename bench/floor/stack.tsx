// The console's required stack together, with no product code: React, React Router in data mode (loaders, lazy
// routes, a blocker for unsaved forms), TanStack Query, and zod/mini parsing a response.
import { createRoot } from 'react-dom/client'
import { keepPreviousData, QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query'
import { createBrowserRouter, Link, NavLink, Outlet, ScrollRestoration, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { z } from 'zod/mini'

const ZRow = z.object({
  id: z.string().check(z.regex(/^[0-9]+$/)),
  status: z.enum(['ACKNOWLEDGED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED']),
  createdAt: z.iso.datetime({ offset: true }),
  customerReference: z.optional(z.nullable(z.string().check(z.maxLength(18)))),
})
const queryClient = new QueryClient()
const page = (offset: number) =>
  queryOptions({
    queryKey: ['requests', offset],
    queryFn: async () => z.array(ZRow).parse(await (await fetch(`/requests?offset=${offset}`)).json()),
    placeholderData: keepPreviousData,
  })

function Requests() {
  const [search] = useSearchParams()
  const { data } = useQuery(page(Number(search.get('offset') ?? 0)))
  const blocker = useBlocker(false)
  const navigate = useNavigate()
  const { id } = useParams()
  return (
    <main onClick={() => navigate('/requests?offset=20')}>
      {blocker.state} {id}{' '}
      {data?.map((row) => (
        <Link key={row.id} to={`/requests/${row.id}`}>
          {row.status}
        </Link>
      ))}
      <NavLink to="/catalog">Catalog</NavLink>
      <Outlet />
      <ScrollRestoration />
    </main>
  )
}

const router = createBrowserRouter([
  {
    path: '/requests',
    loader: ({ request }) => {
      queryClient.query(page(Number(new URL(request.url).searchParams.get('offset') ?? 0))).catch(() => undefined)
      return null
    },
    lazy: async () => ({ Component: Requests }),
  },
])
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
)
