import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppState } from './app/app'
import { atMostForFirstRender, openedPageLoaded } from './app/first-render'
import { createAuthSession } from './features/auth/session'
import { i18nReady } from './i18n/i18n'
import { signedInHeaderForFirstRender } from './app/shell/signed-in-part'
import { applyTheme, storedTheme } from './app/shell/theme'
import './styles.css'

// After a deploy, a page opened before asks for chunks of the build before, which the gateway answers 404: load the
// new build once. Not twice within a minute, so that a chunk missing from the new build shows its error instead of
// reloading forever (docs/decisions/0024-delivery.md).
window.addEventListener('vite:preloadError', (event) => {
  // Offline, a reload would show the browser's own error page: the page waits for the connection (lazy-page.ts).
  if (!navigator.onLine) return
  const key = 'ordering-console.reloaded-for-chunk'
  try {
    if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return
    sessionStorage.setItem(key, String(Date.now()))
  } catch {
    return
  }
  event.preventDefault()
  window.location.reload()
})

// The gateway's session cookie says who is signed in: the page asks GET /auth/session at once, and shows at once
// when this browser was signed in last time it asked (docs/decisions/0011-sign-in.md). oidc-client-ts, and the
// gateway's word on how to sign in (GET /auth/config), come with the first page that signs in or out.
const session = createAuthSession({
  storage: window.localStorage,
  loadUserManager: async () => {
    const [config, { createUserManager }] = await Promise.all([
      import('./features/auth/api/get-auth-config').then(({ getAuthConfig }) => getAuthConfig()),
      import('./features/auth/user-manager'),
    ])
    return createUserManager(config)
  },
})

// The person's light or dark choice, before anything shows: no flash of the other theme.
applyTheme(storedTheme())

// A person whose language is not English gets its messages (a small chunk) before anything shows: no flash of
// English, nor of keys. A person signed in gets the header's navigation and account the same way (signed-in-part.ts),
// and everyone the opened page's code (first-render.ts): the first frame is the page, not a placeholder before it.
// The router is made once the language is known, since a page's messages load in it. Not a top-level await: those
// chunks import this one, whose evaluation must end first.
const header = signedInHeaderForFirstRender(session.getSnapshot().signedIn)
void i18nReady.then(async () => {
  const state = createAppState(session)
  await Promise.all([header, atMostForFirstRender(openedPageLoaded(state.router))])
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App session={session} state={state} />
    </StrictMode>,
  )
})
