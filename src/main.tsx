import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { BootError } from './app/boot-error'
import { getAuthConfig } from './features/auth/api/get-auth-config'
import { createAuthSession } from './features/auth/session'
import './styles.css'

const root = createRoot(document.getElementById('root')!)

// The gateway says how to sign in (GET /auth/config) before anything renders: every page depends on it.
getAuthConfig().then(
  (config) => {
    // oidc-client-ts comes with the first page that signs in, renews or signs out, not with the entry.
    const session = createAuthSession({
      storage: window.sessionStorage,
      config,
      loadUserManager: async () => (await import('./features/auth/user-manager')).createUserManager(config),
    })
    root.render(
      <StrictMode>
        <App session={session} />
      </StrictMode>,
    )
  },
  (error: unknown) =>
    root.render(
      <StrictMode>
        <BootError error={error} />
      </StrictMode>,
    ),
)
