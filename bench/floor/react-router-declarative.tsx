// React Router in declarative mode (no loaders, lazy routes, blockers or scroll restoration), for comparison.
import { createRoot } from 'react-dom/client'
import { BrowserRouter, Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'

function Page() {
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const { id } = useParams()
  const { pathname } = useLocation()
  return (
    <main onClick={() => navigate('/requests')}>
      {search.get('status')} {id} {pathname}
      <Link to="/requests">Requests</Link>
      <NavLink to="/catalog">Catalog</NavLink>
      {id === 'gone' ? <Navigate to="/" /> : null}
      <Outlet />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path="/" element={<Page />}>
        <Route path="requests" element={<Page />} />
        <Route path="requests/:id" element={<Page />} />
      </Route>
    </Routes>
  </BrowserRouter>,
)
