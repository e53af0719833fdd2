// usage: node --import tsx /work/diag/fv.ts <origin> [n]
import { chromium } from '@playwright/test'
import { signIn } from './bench/browser'
const origin = process.argv[2]!
const n = Number(process.argv[3] ?? 15)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext()
const page = await context.newPage()
await signIn(page, origin)
await page.goto(origin + '/requests'); await page.waitForTimeout(1500)
const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
await browser.close()
const times: number[] = []
let withView = 0
for (let i = 0; i < n; i++) {
  await new Promise((r) => setTimeout(r, 1100))
  const t = performance.now()
  const r = await fetch(origin + '/requests', { headers: { Cookie: cookies, Accept: 'text/html' } })
  const body = await r.text()
  times.push(Math.round(performance.now() - t))
  if (!body.includes('<div id="root"></div>')) withView++
}
console.log('times', times.join(' '), 'withView', withView, '/', n)
