import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { billPdf, billPdfReply, printable, type BillSources } from '../../sandbox/bill-pdf';
import { handleOrch, type Reply } from '../../sandbox/orch';
import { isSignedIn } from '../../sandbox/session-view';
import { loadPersonas } from '../../server/personas';
import { SessionStore } from '../../sandbox/session';
import { pdfLines } from '../support/pdf-text';

/**
 * The postpaid bill PDF (issue 24 item 5; docs/decisions/035-bill-pdf.md): made by pdfkit from the persona's own
 * bill data, refused for another account, a date with no bill or a query its schema refuses.
 */

const today = new Date(2025, 2, 10, 12);
const personas = loadPersonas([], () => undefined);

function session(id: string) {
  const persona = personas.find((p) => p.id === id);
  if (!persona) throw new Error(id);
  const s = new SessionStore().signIn(undefined, persona);
  if (!isSignedIn(s)) throw new Error('not signed in');
  return s;
}

function get(id: string, query: Record<string, string>): Reply {
  return handleOrch(session(id), {
    method: 'GET',
    path: '/Orch/dssh/postpaid/getBillPdf',
    query: new URLSearchParams(query),
    body: {},
    today,
  });
}

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function pdfOf(reply: Reply): Promise<string[]> {
  if (!('stream' in reply)) throw new Error(`not a PDF: ${JSON.stringify(reply)}`);
  return pdfLines(await bytes(reply.stream));
}

describe('GET /Orch/dssh/postpaid/getBillPdf', () => {
  it("the postpaid persona's newest bill: its date, invoice, amount, due date, name, address and account", async () => {
    // postpaid.json: bill of @today-16 (March 10, 2025 - 16 days), INV-100245, $75, due @today+14.
    const reply = get('postpaid', { acctNo: '310245781', billDate: '2025-02-22' });
    expect(reply.status).toBe(200);
    expect('stream' in reply && reply.headers).toEqual({
      'Content-Disposition': 'attachment; filename="bill-2025-02-22.pdf"',
      'Cache-Control': 'no-store',
    });
    const lines = await pdfOf(reply);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Bill of February 22, 2025',
        'Alex Rivera',
        '1200 Maple Ave',
        'Denver, CO 80202',
        'Account number: 310245781',
        'Bill date: February 22, 2025',
        'Invoice number: INV-100245',
        'Amount of this bill: $75.00',
        'Payment due: March 24, 2025',
        'January 23, 2025: $75.00',
      ]),
    );
  });

  it('an earlier bill of the same account is its own PDF', async () => {
    const lines = await pdfOf(get('postpaid', { acctNo: '310245781', billDate: '2025-01-23' }));
    expect(lines).toContain('Invoice number: INV-100112');
    expect(lines).toContain('Payment due: February 22, 2025');
    expect(lines).toContain('February 22, 2025: $75.00');
  });

  it('refuses another account, a date with no bill, and a query its schema refuses', () => {
    expect(get('postpaid', { acctNo: '310245782', billDate: '2025-02-22' })).toEqual({
      status: 404,
      json: { error: 'No such account on this session' },
    });
    expect(get('postpaid', { acctNo: '310245781', billDate: '2020-01-01' })).toEqual({
      status: 404,
      json: { error: 'No bill dated 2020-01-01' },
    });
    const bad = get('postpaid', { acctNo: '310245781', billDate: '<script>' });
    expect(bad.status).toBe(400);
    expect(get('postpaid', { billDate: '2025-02-22' }).status).toBe(400);
  });

  it('prints what its fonts can: other scripts, emoji and lone surrogates as ?, long values cut', async () => {
    expect(printable('Zoë 日本 😀 \ud800!')).toBe('Zoë ?? ? ?!');
    expect(printable('x'.repeat(500))).toHaveLength(80);
    const sources: BillSources = {
      profile: {
        firstName: 'José',
        lastName: '山田',
        currentlyManagedAccount: '310245781',
      } as BillSources['profile'],
      billDates: {
        errorNo: 0,
        details: [{ billDate: '2025-02-22', billAmount: 1e308, invoiceNumber: 'I-1' }],
      },
      invoiceHistory: { status: 'SUCCESS', invoice: [] },
    };
    const bill = sources.billDates.details[0]!;
    const lines = pdfLines(await bytes(billPdf(sources, bill)));
    expect(lines).toContain('José ??');
    expect(lines).toContain('Amount of this bill: amount not available');
    expect(billPdfReply(sources, new URLSearchParams({ acctNo: '310245781', billDate: 'x' })).status).toBe(
      404,
    );
  });
});
