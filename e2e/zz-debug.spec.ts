import { test, PEOPLE } from './fixtures'
test('debug', async ({ page, signIn }) => {
  await signIn(PEOPLE.marc)
  await page.setViewportSize({ width: 360, height: 900 })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
  console.log(await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5).slice(0, 12).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)} ${(e.textContent ?? '').slice(0, 40)}`).join('\n')))
})
