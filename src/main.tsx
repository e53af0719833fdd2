import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { getAuthConfig } from './features/auth/api/get-auth-config'
import { createAuthSession } from './features/auth/session'
import { i18nReady } from './i18n/i18n'
import './styles.css'

// After a deploy, a page opened before asks for chunks of the build before, which the gateway answers 404: load the
// new build once. Not twice within a minute, so that a chunk missing from the new build shows its error instead of
// reloading forever (docs/decisions/0024-delivery.md).
window.addEventListener('vite:preloadError', (event) => {
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

// A page knows from the tab's storage whether someone signed in; oidc-client-ts, and the gateway's word on how
// to sign in (GET /auth/config), come with the first page that signs in, renews or signs out.
const session = createAuthSession({
  storage: window.sessionStorage,
  loadUserManager: async () => {
    const [config, { createUserManager }] = await Promise.all([getAuthConfig(), import('./features/auth/user-manager')])
    return createUserManager(config)
  },
})

// A person whose language is not English gets its messages (a small chunk) before anything shows: no flash of
// English, nor of keys.
await i18nReady

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App session={session} />
  </StrictMode>,
)
