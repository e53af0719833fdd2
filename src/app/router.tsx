import { createBrowserRouter } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import { apiStatusQueries } from '@/features/api-status/api/get-api-status'
import { Layout } from './layout'
import { HomeRoute } from './routes/home'
import { NotFoundRoute } from './routes/not-found'
import { RouteError } from './routes/route-error'

/** Routes compose features; loaders start the queries their page needs so data arrives with the page. */
export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        {
          index: true,
          loader: () => {
            void queryClient.prefetchQuery(apiStatusQueries.status())
            void queryClient.prefetchQuery(apiStatusQueries.version())
            return null
          },
          element: <HomeRoute />,
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ])
}
