// React Router in data mode, with the APIs the console uses (src/app/router.tsx and the pages).
import { createRoot } from 'react-dom/client'
import {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  ScrollRestoration,
  useBlocker,
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router'
import { RouterProvider } from 'react-router/dom'

function Page() {
  const blocker = useBlocker(false)
  const data = useLoaderData<string | null>()
  const error = useRouteError()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const { id } = useParams()
  const { pathname } = useLocation()
  return (
    <main onClick={() => navigate('/requests')}>
      {blocker.state} {data} {isRouteErrorResponse(error) ? error.status : null} {search.get('status')} {id} {pathname}
      <Link to="/requests">Requests</Link>
      <NavLink to="/catalog">Catalog</NavLink>
      {id === 'gone' ? <Navigate to="/" /> : null}
      <Outlet />
      <ScrollRestoration />
    </main>
  )
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <Page />,
    errorElement: <Page />,
    children: [
      { path: 'old', loader: () => redirect('/requests') },
      { path: 'requests', loader: () => null, lazy: async () => ({ Component: Page }) },
      { path: 'requests/:id', element: <Page /> },
    ],
  },
])
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />)
