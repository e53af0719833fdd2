/**
 * The signed-in pages: the address, the route's module (src/app/routes/<module>.tsx) and the features whose message
 * catalogs it shows. The router builds its signed-in routes from this table (src/app/router.tsx), and the build gives
 * each page's chunks to the HTML's early start (vite.config.ts, src/lib/early-start.ts), so that a page opened cold
 * fetches its code with the entry rather than after it (docs/decisions/0024-delivery.md). A dependency-free module:
 * vite.config.ts reads it.
 *
 * In the order React Router would not need but the early start does: a fixed address before a pattern it would match.
 */
export const SIGNED_IN_PAGES = [
  // The dashboard and the overdue view.
  // The list's and the dashboard's filters are named by the list view's messages (contract/list-view.ts, 0038).
  { path: '/', module: 'home', features: ['dashboard', 'list-view'] },
  { path: '/overdue', module: 'overdue', features: ['dashboard'] },
  { path: '/requests', module: 'requests', features: ['requests', 'list-view'] },
  { path: '/requests/new', module: 'new-request', features: ['requests', 'create-request'] },
  // The catalog and the creation forms; the form's code is loaded by the page itself.
  { path: '/catalog', module: 'catalog', features: ['create-request', 'bulk-order'] },
  { path: '/catalog/:id', module: 'catalog-item', features: ['create-request', 'bulk-order'] },
  // Many requests from a spreadsheet, checked and sent with the form's own rules and protocol (0035).
  { path: '/bulk-order', module: 'bulk-order', features: ['create-request', 'bulk-order'] },
  // The account and API pages: their messages are their own part of the auth and service-status catalogs.
  { path: '/me', module: 'me', features: ['auth/pages'] },
  { path: '/api', module: 'api', features: ['api-status/page'] },
  { path: '/requests/:id', module: 'request-detail', features: ['request-detail'] },
  { path: '/cloud', module: 'cloud', features: ['cloud'] },
] as const

export type SignedInPage = (typeof SIGNED_IN_PAGES)[number]
