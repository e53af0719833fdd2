import { startTransition, StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, createAppState } from './app/app'
import { atMostForFirstRender, neededCodeLoaded, openedPageLoaded, queriesSettled } from './app/first-render'
import { createAuthSession } from './features/auth/session'
import { i18nReady } from './i18n/i18n'
import { signedInHeaderForFirstRender } from './app/shell/signed-in-part'
import { applyTheme, storedTheme } from './app/shell/theme'
import { EARLY_START_KEYS } from './lib/early-start'
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
//
// The gateway may have rendered the page's first view into the HTML (docs/decisions/0026-first-view.md): the page then
// waits for the same answers and session (they are in the HTML) and hydrates the view, its first render being the
// view's own: nothing on screen is replaced, and a focus or a scroll already made stays.
const container = document.getElementById('root')!
const firstView = container.hasChildNodes()
// A view whose form works before the code (a catalog item's form) is rendered anew in its place, not hydrated: what
// the person did on it is read first and taken over by the page's form (src/lib/view-input.ts; 0026, "A form that
// works before its code"). Its reader is a chunk of its own, shared with the form: no other page's entry carries it.
const formBeforeCode = firstView && container.querySelector(`form[${EARLY_START_KEYS.formBeforeCode}]`) !== null
const viewInput = formBeforeCode ? import('./lib/view-input') : undefined
const header = signedInHeaderForFirstRender(session.getSnapshot().signedIn)
void i18nReady.then(async () => {
  const state = createAppState(session)
  const opened = openedPageLoaded(state.router).then(neededCodeLoaded)
  const ready = firstView ? Promise.all([opened.then(() => queriesSettled(state.queryClient)), session.check()]) : opened
  const [, , reader] = await Promise.all([header, atMostForFirstRender(ready), viewInput])
  const app = (
    <StrictMode>
      <App session={session} state={state} />
    </StrictMode>
  )
  // A view that differs from the page's first render (say, columns changed in another tab since the cookie was
  // written) is rendered again by React in its place: said in the console, not an error for the person.
  // Hydrated as a transition, in slices that yield to the browser (docs/decisions/0026-first-view.md, amended
  // 2026-11-27, hydration): a view not yet painted when the entry arrives is painted between two slices, not after the
  // whole page's hydration, and a click or a key during it is handled first (React hydrates what it needs at once).
  if (reader) {
    // Read and replaced in one task: no key pressed between the two is lost (it reaches the field that has the focus).
    reader.captureViewInput(container)
    const root = createRoot(container)
    flushSync(() => root.render(app))
  } else if (firstView)
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => console.warn('The first view was rendered again in the browser:', error) })
    })
  else createRoot(container).render(app)
})
