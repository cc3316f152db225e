import { readFile } from 'node:fs/promises';
import { format } from 'date-fns';
import { test, expect, signIn, settled, axe } from '../../../test/e2e/fixtures';
import { pdfLines } from '../../../test/support/pdf-text';

/**
 * The postpaid bill PDF (issue 24 item 5; home spec 2.11 '/billDetailPdf (postpaid bill PDF)'; decision 035):
 * View Bill leads to /billDetailPdf, which offers the bill as a PDF download made by the sandbox from the
 * persona's bill data. Read back here (test/support/pdf-text.ts), on postpaid and on postpaid-variant (another
 * postpaid customer with other values), so a PDF that does not come from the data fails.
 */

const day = (offset: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return format(d, 'MMMM d, yyyy');
};
const iso = (offset: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return format(d, 'yyyy-MM-dd');
};

for (const v of [
  {
    persona: 'postpaid',
    account: '310245781',
    name: 'Alex Rivera',
    street: '1200 Maple Ave',
    invoice: 'INV-100245',
    amount: '$75.00',
    billed: -16,
    due: 14,
    earlier: [-46],
  },
  {
    persona: 'postpaid-variant',
    account: '310877402',
    name: 'Quinn Okafor',
    street: '48 Juniper Ct',
    invoice: 'INV-552310',
    amount: '$118.42',
    billed: -21,
    due: 9,
    earlier: [-52, -83],
  },
]) {
  test(`${v.persona}: View Bill opens /billDetailPdf, whose 'Download this bill (PDF)' gives the bill as a PDF made from the account's bill data`, async ({
    guarded: page,
  }) => {
    await signIn(page, v.persona);
    await settled(page);
    await page.getByRole('button', { name: 'View Bill' }).click();
    await expect(page).toHaveURL(`/billDetailPdf?billDate=${iso(v.billed)}`);
    await expect(page.getByRole('heading', { level: 2, name: `Bill of ${day(v.billed)}` })).toBeVisible();
    await expect(page.getByText('cannot be opened from the portal yet')).toHaveCount(0);
    const link = page.getByRole('link', { name: 'Download this bill (PDF)' });
    await expect(link).toHaveAttribute(
      'href',
      `/Orch/dssh/postpaid/getBillPdf?acctNo=${v.account}&billDate=${iso(v.billed)}`,
    );
    expect((await axe(page)).violations).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`bill-${iso(v.billed)}.pdf`);
    expect(await download.failure()).toBeNull();
    const file = await readFile((await download.path()) ?? '');
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = pdfLines(file);
    expect(lines).toEqual(
      expect.arrayContaining([
        `Bill of ${day(v.billed)}`,
        v.name,
        v.street,
        `Account number: ${v.account}`,
        `Invoice number: ${v.invoice}`,
        `Amount of this bill: ${v.amount}`,
        `Payment due: ${day(v.due)}`,
      ]),
    );
    for (const offset of v.earlier) expect(lines.some((l) => l.startsWith(`${day(offset)}: $`))).toBe(true);
    // The page is still there: a download, not a navigation.
    await expect(page).toHaveURL(`/billDetailPdf?billDate=${iso(v.billed)}`);
  });
}

test("the PDF is the session's own account's only, and answers with its headers", async ({
  guarded: page,
}) => {
  await signIn(page, 'postpaid');
  await settled(page);
  const own = await page.request.get(`/Orch/dssh/postpaid/getBillPdf?acctNo=310245781&billDate=${iso(-16)}`);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('application/pdf');
  expect(own.headers()['content-disposition']).toBe(`attachment; filename="bill-${iso(-16)}.pdf"`);
  expect(own.headers()['cache-control']).toBe('no-store');
  expect(own.headers()['x-content-type-options']).toBe('nosniff');
  const other = await page.request.get(
    `/Orch/dssh/postpaid/getBillPdf?acctNo=310877402&billDate=${iso(-21)}`,
  );
  expect(other.status()).toBe(404);
});
