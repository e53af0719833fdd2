import type { Context } from 'hono'
import { randomBytes } from 'node:crypto'
import { SCOPE } from '@contract/misc'
import { DEMO_USERS } from './users'
import { DEMO_PASSWORD } from '../demo'
import { OFFLINE_ACCESS, OPENID } from './settings'
import type { AuthorizationError, Display } from '../../shared/authorization-request'
import type { Language } from './sign-in-store'

/**
 * The authorization server's pages: login, consent and the generic error page, in English or French.
 * Everything that comes from a request or the database goes through `escapeHtml`.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

/** The language of the pages: the first of `en`/`fr` in `ui_locales` (RFC 5646 tags, space-separated), else English. */
export function languageOf(uiLocales: string | undefined): Language {
  for (const tag of (uiLocales ?? '').split(' ')) {
    const primary = tag.trim().toLowerCase().split('-')[0]
    if (primary === 'en' || primary === 'fr') return primary
  }
  return 'en'
}

const TEXT = {
  en: {
    brand: 'Operator sandbox',
    loginTitle: 'Sign in',
    loginIntro: (client: string) => `Sign in with your business account to continue to <strong>${client}</strong>.`,
    username: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    badCredentials: 'The e-mail address or password is incorrect. Check them and try again.',
    demoHeading: 'Sandbox accounts',
    demoPassword: (password: string) => `Every account's password is <code>${password}</code>.`,
    consentTitle: (client: string) => `Allow ${client} to access your account?`,
    signedInAs: (name: string, email: string, customer: string) => `Signed in as <strong>${name}</strong> (${email}), ${customer}.`,
    willBeAble: (client: string) => `${client} will be able to:`,
    withdraw: 'You can withdraw your consent at any time.',
    allow: 'Allow',
    cancel: 'Cancel',
    errorTitle: 'Sign-in cannot continue',
    errorBack: 'Go back to the application and start again. If this keeps happening, give this message to its support team.',
    scopes: {
      [OPENID]: 'Confirm who you are: your name, e-mail address and company',
      [OFFLINE_ACCESS]: 'Keep access while you are away, until you withdraw your consent',
      [SCOPE.full]: 'See your company’s service requests, and place new ones on its behalf',
      [SCOPE.readonly]: 'See your company’s service requests and follow their progress',
    } as Record<string, string>,
    errors: {
      client: 'The application that sent you here is not known (client_id).',
      redirect: 'The return address (redirect_uri) is missing or not registered for this application.',
      expired: 'This sign-in page has expired, was already used, or was opened in another browser.',
      duplicate: 'The request repeats a parameter that may appear only once.',
    },
  },
  fr: {
    brand: 'Bac à sable de l’opérateur',
    loginTitle: 'Connexion',
    loginIntro: (client: string) => `Connectez-vous avec votre compte professionnel pour continuer vers <strong>${client}</strong>.`,
    username: 'Adresse e-mail',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    badCredentials: 'L’adresse e-mail ou le mot de passe est incorrect. Vérifiez-les et réessayez.',
    demoHeading: 'Comptes du bac à sable',
    demoPassword: (password: string) => `Le mot de passe de chaque compte est <code>${password}</code>.`,
    consentTitle: (client: string) => `Autoriser ${client} à accéder à votre compte ?`,
    signedInAs: (name: string, email: string, customer: string) => `Connecté en tant que <strong>${name}</strong> (${email}), ${customer}.`,
    willBeAble: (client: string) => `${client} pourra :`,
    withdraw: 'Vous pouvez retirer votre consentement à tout moment.',
    allow: 'Autoriser',
    cancel: 'Annuler',
    errorTitle: 'La connexion ne peut pas continuer',
    errorBack: 'Revenez à l’application et recommencez. Si cela se reproduit, transmettez ce message à son support.',
    scopes: {
      [OPENID]: 'Confirmer votre identité : votre nom, votre adresse e-mail et votre entreprise',
      [OFFLINE_ACCESS]: 'Garder l’accès en votre absence, jusqu’au retrait de votre consentement',
      [SCOPE.full]: 'Voir les demandes de service de votre entreprise et en passer de nouvelles en son nom',
      [SCOPE.readonly]: 'Voir les demandes de service de votre entreprise et suivre leur avancement',
    } as Record<string, string>,
    errors: {
      client: 'L’application qui vous a envoyé ici n’est pas connue (client_id).',
      redirect: 'L’adresse de retour (redirect_uri) manque ou n’est pas enregistrée pour cette application.',
      expired: 'Cette page de connexion a expiré, a déjà servi, ou a été ouverte dans un autre navigateur.',
      duplicate: 'La requête répète un paramètre qui ne peut apparaître qu’une fois.',
    },
  },
} as const

export type PageError = keyof (typeof TEXT)['en']['errors']

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f3f5f8}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #d0d7de;border-radius:.5rem}
.brand{margin:0 0 .5rem;font-size:.875rem;font-weight:600;color:#4a5563;text-transform:uppercase;letter-spacing:.04em}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.25}
h2{font-size:1rem;margin:1.5rem 0 .5rem}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;padding:.625rem .75rem;font:inherit;border:1px solid #6e7781;border-radius:.375rem}
input[aria-invalid=true]{border-color:#b42318;border-width:2px}
.error{color:#b42318;background:#fef3f2;border:1px solid #b42318;border-radius:.375rem;padding:.75rem;margin:0 0 1rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border-radius:.375rem;border:2px solid #0b5cad;background:#0b5cad;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b5cad}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{font-size:.875rem;color:#4a5563}
code{font-size:.95em}
fieldset{border:0;padding:0;margin:0 0 1rem}
legend{font-weight:600;margin-bottom:.25rem;padding:0}
.choice{display:flex;gap:.5rem;align-items:center;font-weight:400}
.choice input{width:auto}
.hint{font-size:.875rem;color:#4a5563;margin:0 0 .25rem}
.status{background:#eef6ff;border:1px solid #0b5cad;border-radius:.375rem;padding:.75rem;margin:0 0 1rem}
.device{border:6px solid #1b1f24;border-radius:1.25rem;padding:1rem;margin:1rem 0}
.display-popup main{margin:0 auto;border:0;border-radius:0;max-width:none;min-height:100vh;padding:1.25rem}
.display-touch{font-size:18px}
.display-touch input,.display-touch button{min-height:3rem}
.display-wap main{margin:0;padding:.75rem;border:0}
@media (prefers-reduced-motion:no-preference){button{transition:background .15s}}
`

export interface Frame {
  language: Language
  display: Display
  title: string
  /** HTML, already escaped. */
  body: string
  /** Where the page's form may lead: the form's own origin and, after its redirect, the client's. */
  redirectUri?: string
  /** Who runs the page, above its heading (the mobile operators and discovery name themselves). */
  brand?: string
}

/** The answer for a page: strict CSP (no script, one style by nonce), no framing, no caching, no referrer. */
export function htmlPage(c: Context, status: 200 | 400, frame: Frame): Response {
  const nonce = randomBytes(16).toString('base64')
  const formTargets = ["'self'"]
  if (frame.redirectUri) formTargets.push(new URL(frame.redirectUri).origin)
  const html = `<!doctype html>
<html lang="${frame.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(frame.title)} – ${escapeHtml(frame.brand ?? TEXT[frame.language].brand)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body class="display-${frame.display}">
<main>
<p class="brand">${escapeHtml(frame.brand ?? TEXT[frame.language].brand)}</p>
${frame.body}
</main>
</body>
</html>
`
  return c.body(html, status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  })
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')
}

export interface LoginPage {
  language: Language
  display: Display
  action: string
  requestId: string
  csrf: string
  clientName: string
  redirectUri: string
  username?: string
  failed?: boolean
}

export function loginPage(c: Context, page: LoginPage): Response {
  const t = TEXT[page.language]
  const error = page.failed ? `<p id="login-error" class="error" role="alert">${escapeHtml(t.badCredentials)}</p>` : ''
  const invalid = page.failed ? ' aria-describedby="login-error" aria-invalid="true"' : ''
  const username = page.username ?? ''
  // Focus where the person types next: the e-mail address unless it is prefilled and right.
  const focusUsername = !username || page.failed
  const demo = DEMO_USERS.map((user) => `<li><code>${escapeHtml(user.username)}</code> – ${escapeHtml(user.name)}</li>`).join('')
  const body = `<h1>${escapeHtml(t.loginTitle)}</h1>
<p>${t.loginIntro(escapeHtml(page.clientName))}</p>
${error}
<form method="post" action="${escapeHtml(page.action)}">
${hidden({ request: page.requestId, csrf: page.csrf })}
<div class="field">
<label for="username">${escapeHtml(t.username)}</label>
<input id="username" name="username" type="email" autocomplete="username" spellcheck="false" required value="${escapeHtml(username)}"${invalid}${focusUsername ? ' autofocus' : ''}>
</div>
<div class="field">
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusUsername ? '' : ' autofocus'}>
</div>
<div class="actions"><button type="submit">${escapeHtml(t.signIn)}</button></div>
</form>
<section aria-labelledby="demo-heading" class="note">
<h2 id="demo-heading">${escapeHtml(t.demoHeading)}</h2>
<ul>${demo}</ul>
<p>${t.demoPassword(escapeHtml(DEMO_PASSWORD))}</p>
</section>`
  return htmlPage(c, page.failed ? 400 : 200, { language: page.language, display: page.display, title: t.loginTitle, body, redirectUri: page.redirectUri })
}

export interface ConsentPage {
  language: Language
  display: Display
  action: string
  requestId: string
  csrf: string
  clientName: string
  redirectUri: string
  user: { name: string; email: string }
  customerName: string
  scopes: string[]
}

export function consentPage(c: Context, page: ConsentPage): Response {
  const t = TEXT[page.language]
  const client = escapeHtml(page.clientName)
  const items = page.scopes.map((scope) => `<li>${escapeHtml(t.scopes[scope] ?? scope)}</li>`).join('\n')
  const body = `<h1>${escapeHtml(t.consentTitle(page.clientName))}</h1>
<p>${t.signedInAs(escapeHtml(page.user.name), escapeHtml(page.user.email), escapeHtml(page.customerName))}</p>
<h2 id="scopes-heading">${t.willBeAble(client)}</h2>
<ul aria-labelledby="scopes-heading">
${items}
</ul>
<p class="note">${escapeHtml(t.withdraw)}</p>
<form method="post" action="${escapeHtml(page.action)}">
${hidden({ request: page.requestId, csrf: page.csrf })}
<div class="actions">
<button type="submit" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="cancel" class="secondary">${escapeHtml(t.cancel)}</button>
</div>
</form>`
  return htmlPage(c, 200, { language: page.language, display: page.display, title: t.consentTitle(page.clientName), body, redirectUri: page.redirectUri })
}

/**
 * The page of an authorization request refused before its redirect_uri was trusted (server/shared/authorization-request.ts):
 * an unknown client, an unregistered redirect_uri, or one of them repeated.
 */
export function refusedRequestPage(c: Context, language: Language, error: AuthorizationError): Response {
  return errorPage(c, language, error === 'invalid_client' ? 'client' : error === 'invalid_redirect_uri' ? 'redirect' : 'duplicate')
}

/** Reference 2: an unknown client or an unregistered redirect_uri gets "a generic HTML error page", never a redirect. */
export function errorPage(c: Context, language: Language, error: PageError): Response {
  const t = TEXT[language]
  const body = `<h1>${escapeHtml(t.errorTitle)}</h1>
<p id="error-cause" role="alert">${escapeHtml(t.errors[error])}</p>
<p>${escapeHtml(t.errorBack)}</p>`
  return htmlPage(c, 400, { language, display: 'page', title: t.errorTitle, body })
}
