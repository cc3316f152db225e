import { chromium } from '@playwright/test';
const [,, persona, out, width = '1280', action = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
const page = await ctx.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(e.message));
await page.goto(`http://127.0.0.1:5391/sandbox/signin?persona=${persona}&redirect=/home`);
await page.getByText('Please wait while we retrieve your account information.').waitFor({ state: 'detached' }).catch(() => {});
await page.waitForTimeout(1500);
if (action) {
  await page.getByRole('button', { name: action }).first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out, fullPage: false });
} else {
  const el = page.getByRole('region', { name: /Internet|WiFi/ }).first();
  await page.screenshot({ path: out, fullPage: true });
}
console.log(JSON.stringify(errors));
await browser.close();
