import type { Context } from 'hono'
import { AMR, type Amr } from '@contract/mobile-connect'
import { escapeHtml, htmlPage } from '../oidc/pages'
import type { Display } from '../../shared/authorization-request'
import type { Language } from '../oidc/sign-in-store'
import { DEMO_SIM_PIN, maskMsisdn, mccMncOf, OPERATORS, operatorByKey, SUBSCRIBERS } from './operators'

/**
 * The pages of the sandbox's discovery service, operators and "phone", in English or French, on the sandbox
 * authorization server's frame (strict CSP, no script): labels on every field, one h1, errors as alerts
 * linked to their field.
 */

const TEXT = {
  en: {
    discoveryBrand: 'Mobile operator discovery (sandbox)',
    selectTitle: 'Find your mobile operator',
    selectIntro: 'To confirm who you are, the application asks your mobile operator. Type your mobile number.',
    number: 'Mobile number',
    numberHint: 'In international format, for example +33 6 12 34 56 01.',
    continue: 'Continue',
    malformed: 'This is not a mobile number in international format. Start with + and the country code, for example +33 6 12 34 56 01.',
    unknown: (number: string) => `We could not find the operator of ${number}. Check the number and try again, or choose your country and operator below.`,
    pickLegend: 'Your country and operator',
    useOperator: 'Use this operator',
    pickRequired: 'Choose your operator in the list.',
    demoHeading: 'Sandbox numbers',
    demoPin: `Every SIM PIN is ${DEMO_SIM_PIN}. Level 3 always asks for it.`,
    method: { [AMR.smsOtp]: 'level 2 by a code sent by SMS', [AMR.ok]: 'level 2 by OK on the phone', [AMR.simPin]: 'SIM PIN' } as Record<Amr, string>,
    sessionTitle: 'Operator selection cannot continue',
    sessionError: 'This page has expired, was already used, or its address is wrong (session_id).',
    back: 'Go back to the application and start again.',
    confirmTitle: 'Confirm it is you',
    confirmIntro: (client: string) => `${client} asks us to confirm who you are. Type your mobile number.`,
    notSubscriber: 'This number is not one of ours. Check it, or go back to the application and choose another operator.',
    smsTitle: 'Type the code sent to your phone',
    smsIntro: (masked: string) => `We sent a 6-digit code by SMS to ${masked}.`,
    code: 'Code from the SMS',
    confirm: 'Confirm',
    wrongCode: (left: number) => `This is not the code we sent. Check the SMS and try again (${left} ${left === 1 ? 'attempt' : 'attempts'} left).`,
    okTitle: 'Confirm on your phone',
    okIntro: (masked: string, client: string) => `We sent a request to ${masked}. Answer OK on your phone to sign in to ${client}, then continue here.`,
    pinTitle: 'Type your SIM PIN on your phone',
    pinIntro: (masked: string, client: string) =>
      `${client} asks for a high level of assurance. Your phone ${masked} asks for your SIM PIN: type it there, then continue here.`,
    answered: 'I have answered on my phone',
    notYet: 'Your phone has not answered yet. Answer on your phone, then continue.',
    cancel: 'Cancel',
    openPhone: 'Open the sandbox phone',
    phoneNote: 'In the sandbox, your phone is a web page: open it in another tab.',
    phoneBrand: 'Sandbox phone',
    phoneTitle: (masked: string) => `Phone ${masked}`,
    sms: (operator: string, code: string, client: string) => `${operator}: your code to sign in to ${client} is ${code}. Never share it.`,
    messages: 'Messages',
    okPrompt: (operator: string, client: string) => `${operator}: sign in to ${client}?`,
    ok: 'OK',
    pinPrompt: (operator: string, client: string) => `${operator}: type your SIM PIN to sign in to ${client}.`,
    pin: 'SIM PIN',
    pinHint: '4 digits',
    pinFormat: 'The SIM PIN is 4 digits.',
    done: 'Answer sent. Go back to your browser and continue.',
    nothing: 'Nothing to answer on this phone now.',
    phoneGone: 'This phone page is not, or no longer, linked to a sign-in.',
  },
  fr: {
    discoveryBrand: 'Découverte de l’opérateur mobile (bac à sable)',
    selectTitle: 'Trouver votre opérateur mobile',
    selectIntro: 'Pour confirmer votre identité, l’application s’adresse à votre opérateur mobile. Saisissez votre numéro de mobile.',
    number: 'Numéro de mobile',
    numberHint: 'Au format international, par exemple +33 6 12 34 56 01.',
    continue: 'Continuer',
    malformed: 'Ce n’est pas un numéro de mobile au format international. Commencez par + et l’indicatif du pays, par exemple +33 6 12 34 56 01.',
    unknown: (number: string) =>
      `Nous n’avons pas trouvé l’opérateur du ${number}. Vérifiez le numéro et réessayez, ou choisissez votre pays et votre opérateur ci-dessous.`,
    pickLegend: 'Votre pays et votre opérateur',
    useOperator: 'Utiliser cet opérateur',
    pickRequired: 'Choisissez votre opérateur dans la liste.',
    demoHeading: 'Numéros du bac à sable',
    demoPin: `Le code PIN de chaque carte SIM est ${DEMO_SIM_PIN}. Le niveau 3 le demande toujours.`,
    method: {
      [AMR.smsOtp]: 'niveau 2 par un code envoyé par SMS',
      [AMR.ok]: 'niveau 2 par OK sur le téléphone',
      [AMR.simPin]: 'code PIN de la carte SIM',
    } as Record<Amr, string>,
    sessionTitle: 'Le choix de l’opérateur ne peut pas continuer',
    sessionError: 'Cette page a expiré, a déjà servi, ou son adresse est erronée (session_id).',
    back: 'Revenez à l’application et recommencez.',
    confirmTitle: 'Confirmez votre identité',
    confirmIntro: (client: string) => `${client} nous demande de confirmer votre identité. Saisissez votre numéro de mobile.`,
    notSubscriber: 'Ce numéro n’est pas l’un des nôtres. Vérifiez-le, ou revenez à l’application et choisissez un autre opérateur.',
    smsTitle: 'Saisissez le code envoyé sur votre téléphone',
    smsIntro: (masked: string) => `Nous avons envoyé un code à 6 chiffres par SMS au ${masked}.`,
    code: 'Code reçu par SMS',
    confirm: 'Confirmer',
    wrongCode: (left: number) => `Ce n’est pas le code envoyé. Vérifiez le SMS et réessayez (${left} ${left === 1 ? 'essai restant' : 'essais restants'}).`,
    okTitle: 'Confirmez sur votre téléphone',
    okIntro: (masked: string, client: string) =>
      `Nous avons envoyé une demande au ${masked}. Répondez OK sur votre téléphone pour vous connecter à ${client}, puis continuez ici.`,
    pinTitle: 'Saisissez le code PIN de votre carte SIM sur votre téléphone',
    pinIntro: (masked: string, client: string) =>
      `${client} demande un niveau de confiance élevé. Votre téléphone ${masked} demande le code PIN de votre carte SIM : saisissez-le sur le téléphone, puis continuez ici.`,
    answered: 'J’ai répondu sur mon téléphone',
    notYet: 'Votre téléphone n’a pas encore répondu. Répondez sur le téléphone, puis continuez.',
    cancel: 'Annuler',
    openPhone: 'Ouvrir le téléphone du bac à sable',
    phoneNote: 'Dans le bac à sable, votre téléphone est une page web : ouvrez-la dans un autre onglet.',
    phoneBrand: 'Téléphone du bac à sable',
    phoneTitle: (masked: string) => `Téléphone ${masked}`,
    sms: (operator: string, code: string, client: string) =>
      `${operator} : votre code pour vous connecter à ${client} est ${code}. Ne le communiquez à personne.`,
    messages: 'Messages',
    okPrompt: (operator: string, client: string) => `${operator} : vous connecter à ${client} ?`,
    ok: 'OK',
    pinPrompt: (operator: string, client: string) => `${operator} : saisissez le code PIN de votre carte SIM pour vous connecter à ${client}.`,
    pin: 'Code PIN de la carte SIM',
    pinHint: '4 chiffres',
    pinFormat: 'Le code PIN de la carte SIM compte 4 chiffres.',
    done: 'Réponse envoyée. Revenez à votre navigateur et continuez.',
    nothing: 'Rien à répondre sur ce téléphone pour le moment.',
    phoneGone: 'Cette page de téléphone n’est pas, ou plus, liée à une connexion.',
  },
} as const

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')

/** A text field with its label, hint and, when invalid, the error the field points to. */
function field(options: { id: string; label: string; hint?: string; error?: string; value?: string; attributes: string }): string {
  const described = [options.hint ? `${options.id}-hint` : '', options.error ? `${options.id}-error` : ''].filter(Boolean).join(' ')
  return `<div class="field">
<label for="${options.id}">${escapeHtml(options.label)}</label>
${options.hint ? `<p id="${options.id}-hint" class="hint">${escapeHtml(options.hint)}</p>` : ''}
${options.error ? `<p id="${options.id}-error" class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<input id="${options.id}" name="${options.id}" ${options.attributes}${described ? ` aria-describedby="${described}"` : ''}${options.error ? ' aria-invalid="true"' : ''} value="${escapeHtml(options.value ?? '')}" autofocus>
</div>`
}

// --- discovery: the operator-selection page ---

export interface SelectionPage {
  language: Language
  action: string
  sessionId: string
  redirectUrl: string
  typed?: string
  error?: 'malformed' | 'unknown' | 'pick'
}

export function selectionPage(c: Context, page: SelectionPage): Response {
  const t = TEXT[page.language]
  const typed = page.typed ?? ''
  const numberError = page.error === 'malformed' ? t.malformed : page.error === 'unknown' ? t.unknown(typed) : undefined
  const pick =
    page.error === 'unknown' || page.error === 'pick'
      ? `<form method="post" action="${escapeHtml(page.action)}">
${hidden({ session_id: page.sessionId })}
<fieldset${page.error === 'pick' ? ' aria-describedby="operator-error"' : ''}>
<legend>${escapeHtml(t.pickLegend)}</legend>
${page.error === 'pick' ? `<p id="operator-error" class="error" role="alert">${escapeHtml(t.pickRequired)}</p>` : ''}
${OPERATORS.map(
  (operator) =>
    `<label class="choice"><input type="radio" name="operator" value="${mccMncOf(operator)}"> ${escapeHtml(operator.country)} – ${escapeHtml(operator.name)}</label>`,
).join('\n')}
</fieldset>
<div class="actions"><button type="submit">${escapeHtml(t.useOperator)}</button></div>
</form>`
      : ''
  const demo = SUBSCRIBERS.map((s) => {
    const operator = operatorByKey(s.operator)!
    return `<li><code>${escapeHtml(s.msisdn)}</code> – ${escapeHtml(operator.name)}, ${escapeHtml(t.method[s.level2])}</li>`
  }).join('')
  const body = `<h1>${escapeHtml(t.selectTitle)}</h1>
<p>${escapeHtml(t.selectIntro)}</p>
<form method="post" action="${escapeHtml(page.action)}">
${hidden({ session_id: page.sessionId })}
${field({ id: 'msisdn', label: t.number, hint: t.numberHint, ...(numberError ? { error: numberError } : {}), value: typed, attributes: 'type="tel" autocomplete="tel" required' })}
<div class="actions"><button type="submit">${escapeHtml(t.continue)}</button></div>
</form>
${pick}
<section aria-labelledby="demo-heading" class="note">
<h2 id="demo-heading">${escapeHtml(t.demoHeading)}</h2>
<ul>${demo}</ul>
<p>${escapeHtml(t.demoPin)}</p>
</section>`
  return htmlPage(c, page.error ? 400 : 200, {
    language: page.language,
    display: 'page',
    title: t.selectTitle,
    body,
    redirectUri: page.redirectUrl,
    brand: t.discoveryBrand,
  })
}

export function discoveryErrorPage(c: Context, language: Language): Response {
  const t = TEXT[language]
  const body = `<h1>${escapeHtml(t.sessionTitle)}</h1>
<p role="alert">${escapeHtml(t.sessionError)}</p>
<p>${escapeHtml(t.back)}</p>`
  return htmlPage(c, 400, { language, display: 'page', title: t.sessionTitle, body, brand: t.discoveryBrand })
}

// --- the operator's pages ---

export interface OperatorPage {
  language: Language
  display: Display
  operatorName: string
  clientName: string
  action: string
  requestId: string
  csrf: string
  redirectUri: string
  /** The step: ask the number, the SMS code, or wait for the phone. */
  step:
    | { kind: 'number'; typed?: string; error?: boolean }
    | { kind: 'code'; msisdn: string; error?: number; phoneUrl: string }
    | {
        kind: 'phone'
        method: 'OK' | 'SIM_PIN'
        msisdn: string
        notYet?: boolean
        phoneUrl: string
      }
}

export function operatorPage(c: Context, page: OperatorPage): Response {
  const t = TEXT[page.language]
  const step = page.step
  const cancel = `<button type="submit" name="decision" value="cancel" class="secondary" formnovalidate>${escapeHtml(t.cancel)}</button>`
  const phoneLink = (url: string) =>
    `<p class="note">${escapeHtml(t.phoneNote)} <a href="${escapeHtml(url)}" target="_blank">${escapeHtml(t.openPhone)}</a></p>`
  let title: string
  let content: string
  if (step.kind === 'number') {
    title = t.confirmTitle
    content = `<p>${escapeHtml(t.confirmIntro(page.clientName))}</p>
${field({ id: 'msisdn', label: t.number, hint: t.numberHint, ...(step.error ? { error: t.notSubscriber } : {}), value: step.typed ?? '', attributes: 'type="tel" autocomplete="tel" required' })}
<div class="actions"><button type="submit" name="decision" value="continue">${escapeHtml(t.continue)}</button>${cancel}</div>`
  } else if (step.kind === 'code') {
    title = t.smsTitle
    content = `<p>${escapeHtml(t.smsIntro(maskMsisdn(step.msisdn)))}</p>
${field({ id: 'otp', label: t.code, ...(step.error !== undefined ? { error: t.wrongCode(step.error) } : {}), attributes: 'type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required' })}
<div class="actions"><button type="submit" name="decision" value="continue">${escapeHtml(t.confirm)}</button>${cancel}</div>
${phoneLink(step.phoneUrl)}`
  } else {
    title = step.method === 'OK' ? t.okTitle : t.pinTitle
    const intro = step.method === 'OK' ? t.okIntro(maskMsisdn(step.msisdn), page.clientName) : t.pinIntro(maskMsisdn(step.msisdn), page.clientName)
    content = `<p>${escapeHtml(intro)}</p>
${step.notYet ? `<p class="status" role="status">${escapeHtml(t.notYet)}</p>` : ''}
<div class="actions"><button type="submit" name="decision" value="continue" autofocus>${escapeHtml(t.answered)}</button>${cancel}</div>
${phoneLink(step.phoneUrl)}`
  }
  const body = `<h1>${escapeHtml(title)}</h1>
<form method="post" action="${escapeHtml(page.action)}">
${hidden({ request: page.requestId, csrf: page.csrf })}
${content}
</form>`
  return htmlPage(c, 200, { language: page.language, display: page.display, title, body, redirectUri: page.redirectUri, brand: page.operatorName })
}

// --- the sandbox phone ---

export interface PhonePage {
  language: Language
  msisdn: string
  operatorName: string
  clientName: string
  action: string
  /** What the phone shows now. */
  screen: { kind: 'sms'; code: string } | { kind: 'ok' } | { kind: 'pin'; error?: boolean } | { kind: 'done' } | { kind: 'nothing' }
}

export function phonePage(c: Context, page: PhonePage): Response {
  const t = TEXT[page.language]
  const screen = page.screen
  const title = t.phoneTitle(maskMsisdn(page.msisdn))
  let content: string
  switch (screen.kind) {
    case 'sms':
      content = `<h2 id="messages">${escapeHtml(t.messages)}</h2><ul aria-labelledby="messages"><li>${escapeHtml(t.sms(page.operatorName, screen.code, page.clientName))}</li></ul>`
      break
    case 'ok':
      content = `<form method="post" action="${escapeHtml(page.action)}">
<p>${escapeHtml(t.okPrompt(page.operatorName, page.clientName))}</p>
<div class="actions"><button type="submit" name="answer" value="ok">${escapeHtml(t.ok)}</button><button type="submit" name="answer" value="cancel" class="secondary">${escapeHtml(t.cancel)}</button></div>
</form>`
      break
    case 'pin':
      content = `<form method="post" action="${escapeHtml(page.action)}">
<p>${escapeHtml(t.pinPrompt(page.operatorName, page.clientName))}</p>
${field({ id: 'pin', label: t.pin, hint: t.pinHint, ...(screen.error ? { error: t.pinFormat } : {}), attributes: 'type="password" inputmode="numeric" autocomplete="off" required' })}
<div class="actions"><button type="submit" name="answer" value="ok">${escapeHtml(t.ok)}</button><button type="submit" name="answer" value="cancel" class="secondary" formnovalidate>${escapeHtml(t.cancel)}</button></div>
</form>`
      break
    case 'done':
      content = `<p role="status">${escapeHtml(t.done)}</p>`
      break
    case 'nothing':
      content = `<p>${escapeHtml(t.nothing)}</p>`
  }
  const body = `<h1>${escapeHtml(title)}</h1>
<div class="device">${content}</div>`
  return htmlPage(c, 200, { language: page.language, display: 'page', title, body, brand: t.phoneBrand })
}

export function phoneGonePage(c: Context, language: Language): Response {
  const t = TEXT[language]
  const body = `<h1>${escapeHtml(t.phoneBrand)}</h1><p role="alert">${escapeHtml(t.phoneGone)}</p>`
  return htmlPage(c, 400, { language, display: 'page', title: t.phoneBrand, body, brand: t.phoneBrand })
}
