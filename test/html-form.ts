/**
 * The tests' one HTML form scraper, for the sandbox's server-rendered pages (sign-in, consent, the mobile
 * operators'): where the page's form posts and what it holds, read from the HTML as the sandbox writes it
 * (server/sandbox/oidc/pages.ts, server/sandbox/mobile/mobile-pages.ts). No DOM needed, so it serves the API tests
 * (Node) and the SPA tests (jsdom) alike.
 */

export interface FormField {
  type: string
  name: string
  value: string
  checked: boolean
}

export interface FormButton {
  name: string
  value: string
  label: string
}

export interface HtmlForm {
  action: string
  method: string
  /** The hidden fields, by name. */
  hidden: Record<string, string>
  fields: FormField[]
  buttons: FormButton[]
}

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const [, name, quoted, bare] of tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)"|=([^\s>"]+))?/g))
    attributes.set(name!.toLowerCase(), unescapeHtml(quoted ?? bare ?? ''))
  return attributes
}

/** Every form of the page, in order. */
export function formsOf(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, formTag = '', body = '']) => {
    const form = attributesOf(formTag)
    const fields = [...body.matchAll(/<(?:input|select|textarea)\b([^>]*)>/g)]
      .map(([, tag = '']) => attributesOf(tag))
      .filter((field) => field.has('name'))
      .map((field) => ({ type: field.get('type') ?? 'text', name: field.get('name')!, value: field.get('value') ?? '', checked: field.has('checked') }))
    const buttons = [...body.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map(([, tag = '', label = '']) => {
      const button = attributesOf(tag)
      return { name: button.get('name') ?? '', value: button.get('value') ?? '', label: unescapeHtml(label.replace(/<[^>]*>/g, '')).trim() }
    })
    const hidden = Object.fromEntries(fields.filter((field) => field.type === 'hidden').map((field) => [field.name, field.value]))
    return { action: form.get('action') ?? '', method: (form.get('method') ?? 'get').toLowerCase(), hidden, fields, buttons }
  })
}

/** The form a login or consent page posts (its first `method="post"` form): where it posts and its hidden fields. */
export function formOf(html: string): HtmlForm {
  const form = formsOf(html).find((candidate) => candidate.method === 'post')
  if (!form) throw new Error(`No form in the page:\n${html}`)
  return form
}

/**
 * What a person's browser posts from a sign-in page: the login form (the one with a password field) gets the
 * username and password, the consent form is answered with its "allow" or "cancel" button; other fields are
 * sent as they are.
 */
export function submissionOf(
  html: string,
  pageUrl: string,
  { username, password, decision }: { username: string; password: string; decision: 'allow' | 'cancel' },
): { action: string; body: URLSearchParams } {
  const forms = formsOf(html)
  const form = forms.find((f) => f.fields.some((field) => field.type === 'password')) ?? forms.find((f) => f.method === 'post')
  if (!form)
    throw new Error(
      `No form to fill at ${pageUrl}: ${html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 300)}`,
    )
  const body = new URLSearchParams()
  for (const field of form.fields) {
    if (['submit', 'button', 'image', 'reset'].includes(field.type)) continue
    if ((field.type === 'checkbox' || field.type === 'radio') && !field.checked) continue
    if (field.type === 'password') body.append(field.name, password)
    else if (field.type === 'email' || /user|email|login/i.test(field.name)) body.append(field.name, field.value || username)
    else body.append(field.name, field.value)
  }
  const wanted = decision === 'allow' ? /^(allow|autoriser|accept|sign in|se connecter|continue)$/i : /^(cancel|annuler|deny|refuser)$/i
  const submitter = form.buttons.find((button) => wanted.test(button.label) || button.value === decision) ?? form.buttons[0]
  if (submitter?.name) body.append(submitter.name, submitter.value)
  return { action: new URL(form.action || pageUrl, pageUrl).href, body }
}
