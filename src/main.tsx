import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { BootError } from './app/boot-error'
import { getUserManager } from './features/auth/user-manager'
import './styles.css'

const root = createRoot(document.getElementById('root')!)

// The gateway says how to sign in (GET /auth/config) before anything renders: every page depends on it.
getUserManager().then(
  (userManager) =>
    root.render(
      <StrictMode>
        <App userManager={userManager} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <StrictMode>
        <BootError error={error} />
      </StrictMode>,
    ),
)
