import type { Page } from '@playwright/test'
import { accountOf, expect, expectNoAccessibilityViolation, test } from './fixtures'

/** Sign-in with a mobile number through the sandbox's discovery and operators (docs/decisions/0017-mobile-connect.md). */

const NUMBERS = { atlanticSms: '+33 6 12 34 56 01', atlanticOk: '+33 6 12 34 56 02', mesetaOk: '+34 6 12 34 56 03', unknown: '+44 7700 900123' }

/** From the console's sign-in page to the operator's page: level, number, operator found, continue. */
async function reachOperator(page: Page, options: { number: string; level: '2' | '3'; operator: string; country: string; scan?: boolean }) {
  await page.goto('/')
  await expect(page).toHaveURL(/\/sign-in/)
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in with your mobile number' })).toBeVisible()
  if (options.level === '3') await page.getByLabel(/With my SIM PIN/).check()
  await page.getByRole('button', { name: 'Use my mobile number' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Find your mobile operator' })).toBeVisible()
  if (options.scan) await expectNoAccessibilityViolation(page)
  await page.getByLabel('Mobile number').fill(options.number)
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/sign-in\/mobile$/)
  await expect(page.getByText(`Your number is served by ${options.operator} (${options.country}).`)).toBeVisible()
  if (options.scan) await expectNoAccessibilityViolation(page)
  await page.getByRole('button', { name: `Continue with ${options.operator}` }).click()
}

/**
 * Opens the sandbox phone the operator's page links to, in another tab, and hands it to `use`. When `use` answers
 * (a form post), it must end by waiting for what the phone shows after the answer: closing the tab while that
 * navigation is still committing can make Chromium drop the close and `phone.close()` hang (crbug.com/536385539,
 * microsoft/playwright#41900, #42068), which a loaded machine hits often.
 */
async function onPhone(page: Page, use: (phone: Page) => Promise<void>, options: { scan?: boolean } = {}) {
  const href = await page.getByRole('link', { name: 'Open the sandbox phone' }).getAttribute('href')
  const phone = await page.context().newPage()
  await phone.goto(href!)
  await expect(phone.getByRole('heading', { level: 1, name: /^Phone \+/ })).toBeVisible()
  if (options.scan) await expectNoAccessibilityViolation(phone)
  await use(phone)
  await phone.waitForLoadState('load')
  await phone.close()
}

/** Answers on the phone with one of its buttons and waits for the phone to confirm it sent the answer. */
async function answerOnPhone(phone: Page, button: 'OK' | 'Cancel') {
  await phone.getByRole('button', { name: button }).click()
  await expect(phone.getByRole('status')).toHaveText(/Answer sent/)
}

async function expectSignedInWith(page: Page, text: string) {
  await expect(page).toHaveURL(/\/$/)
  await expect(accountOf(page).getByText(text)).toBeVisible()
  await expect(accountOf(page).getByText('Acme Industries')).toBeVisible()
}

test('SMS OTP: a new person signs in with the code shown on their phone and lands on the home page', async ({ page }) => {
  test.slow()
  await reachOperator(page, { number: NUMBERS.atlanticSms, level: '2', operator: 'Atlantic Mobile', country: 'France', scan: true })
  await expect(page.getByRole('heading', { level: 1, name: 'Type the code sent to your phone' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
  let code = ''
  await onPhone(
    page,
    async (phone) => {
      code = /is (\d{6})\./.exec(await phone.getByRole('listitem').innerText())![1]!
    },
    { scan: true },
  )
  await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('alert')).toContainText('This is not the code we sent')
  await expectNoAccessibilityViolation(page)
  await page.getByLabel('Code from the SMS').fill(code)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expectSignedInWith(page, 'Mobile number, Atlantic Mobile, level 2 (code by SMS)')
  await expect(accountOf(page).getByText('Read-only access')).toBeVisible()
})

test('OK prompt: a new person answers OK on their phone and lands on the home page', async ({ page }) => {
  await reachOperator(page, { number: NUMBERS.mesetaOk, level: '2', operator: 'Meseta Móvil', country: 'Spain' })
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm on your phone' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
  // Before the phone answered: the page says so and waits.
  await page.getByRole('button', { name: 'I have answered on my phone' }).click()
  await expect(page.getByRole('status')).toHaveText(/has not answered yet/)
  await onPhone(
    page,
    async (phone) => {
      await answerOnPhone(phone, 'OK')
    },
    { scan: true },
  )
  await page.getByRole('button', { name: 'I have answered on my phone' }).click()
  await expectSignedInWith(page, 'Mobile number, Meseta Móvil, level 2 (OK on the phone)')
})

test('SIM PIN: a new person asks for level 3, types the PIN on their phone and may place requests', async ({ page }) => {
  await reachOperator(page, { number: NUMBERS.atlanticOk, level: '3', operator: 'Atlantic Mobile', country: 'France' })
  await expect(page.getByRole('heading', { level: 1, name: 'Type your SIM PIN on your phone' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
  await onPhone(
    page,
    async (phone) => {
      await phone.getByLabel('SIM PIN').fill('1234')
      await answerOnPhone(phone, 'OK')
    },
    { scan: true },
  )
  await page.getByRole('button', { name: 'I have answered on my phone' }).click()
  await expectSignedInWith(page, 'Mobile number, Atlantic Mobile, level 3 (SIM PIN)')
  await expect(accountOf(page).getByText('Full access')).toBeVisible()
  // The ordering API answers through the session the mobile sign-in opened.
  await page.goto('/requests')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('Cancel on the phone ends in a clear message', async ({ page }) => {
  await reachOperator(page, { number: NUMBERS.atlanticOk, level: '2', operator: 'Atlantic Mobile', country: 'France' })
  await onPhone(page, async (phone) => {
    await answerOnPhone(phone, 'Cancel')
  })
  await page.getByRole('button', { name: 'I have answered on my phone' }).click()
  await expect(page).toHaveURL(/\/auth\/mobile\/callback$/)
  await expect(page.getByRole('alert')).toContainText('You cancelled the sign-in on your phone or at your operator.')
  await expectNoAccessibilityViolation(page)
  await page.getByRole('link', { name: 'Start again' }).click()
  await expect(page.getByRole('button', { name: 'Use my mobile number' })).toBeVisible()
})

test('a wrong SIM PIN ends in a clear message', async ({ page }) => {
  await reachOperator(page, { number: NUMBERS.atlanticOk, level: '3', operator: 'Atlantic Mobile', country: 'France' })
  await onPhone(page, async (phone) => {
    await phone.getByLabel('SIM PIN').fill('9999')
    await answerOnPhone(phone, 'OK')
  })
  await page.getByRole('button', { name: 'I have answered on my phone' }).click()
  await expect(page.getByRole('alert')).toContainText('Your operator could not confirm it was you: the code or the SIM PIN was wrong.')
  await expect(page.getByRole('alert')).toContainText('access_denied')
})

test('an unknown number is asked to be corrected, or country and operator picked', async ({ page }) => {
  await page.goto('/sign-in')
  await page.getByRole('button', { name: 'Use my mobile number' }).click()
  await page.getByLabel('Mobile number').fill(NUMBERS.unknown)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    `We could not find the operator of ${NUMBERS.unknown}. Check the number and try again, or choose your country and operator below.`,
  )
  await expect(page.getByLabel('Mobile number')).toHaveValue(NUMBERS.unknown)
  await expectNoAccessibilityViolation(page)
  // Picking the operator by hand: it asks for the number itself, in the console's language.
  await page.getByRole('radio', { name: 'Spain – Meseta Móvil' }).check()
  await page.getByRole('button', { name: 'Use this operator' }).click()
  await page.getByRole('button', { name: 'Continue with Meseta Móvil' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible()
  await expectNoAccessibilityViolation(page)
})

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' })

  test('the selection and operator pages work from the keyboard', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Utiliser mon numéro de mobile' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Trouver votre opérateur mobile' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByLabel('Numéro de mobile')).toBeFocused()
    await page.keyboard.type(NUMBERS.mesetaOk)
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Continuer avec Meseta Móvil' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmez sur votre téléphone' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('button', { name: 'J’ai répondu sur mon téléphone' })).toBeFocused()
    await expectNoAccessibilityViolation(page)
  })
})
