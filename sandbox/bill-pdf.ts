/**
 * The postpaid bill as a PDF (home spec §2.11 '/billDetailPdf (postpaid bill PDF)', 'bill download'): the
 * sandbox's answer to GET /Orch/dssh/postpaid/getBillPdf?acctNo&billDate (our contract: docs/contracts.md,
 * schemas/bill-pdf-request.schema.json), made with pdfkit from the persona's own bill data: the bill dates
 * (date, amount, invoice number), the invoice history (due date) and the profile (name, account, address).
 * Server only: pdfkit never reaches the browser bundle (docs/decisions/035-bill-pdf.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import Ajv from 'ajv';
import { format, isValid, parse } from 'date-fns';
import { folders } from '../server/paths';
import type { BillDates, InvoiceHistory, Profile } from '../src/generated/types';

export const billPdfPath = '/Orch/dssh/postpaid/getBillPdf';

/** A streamed answer: the PDF itself. */
export interface FileReply {
  status: number;
  stream: Readable;
  type: string;
  headers: Record<string, string>;
}

/** What the PDF is made from: the persona's answers of the bill calls. */
export interface BillSources {
  profile: Profile | null;
  billDates: BillDates;
  invoiceHistory: InvoiceHistory;
}

type Refusal = { status: number; json: { error: string } };

const requestSchema = JSON.parse(
  readFileSync(join(folders.schemas, 'bill-pdf-request.schema.json'), 'utf8'),
) as object;
const validateRequest = new Ajv({ allErrors: true, strict: false }).compile(requestSchema);
const provider = (
  JSON.parse(readFileSync(join(folders.config, 'portal.json'), 'utf8')) as {
    provider: { name: string; siteUrl: string };
  }
).provider;

/** The longest a value of the data is printed (a fuzzed 10,000-character name must not fill the page). */
const FIELD_MAX = 80;

/**
 * The bill of `billDate` on the session's account as a PDF, or why not: 400 for a request that breaks the
 * schema, 404 for another account's number or a date with no bill.
 */
export function billPdfReply(sources: BillSources, query: URLSearchParams): FileReply | Refusal {
  const request = { acctNo: query.get('acctNo') ?? '', billDate: query.get('billDate') ?? '' };
  if (!validateRequest(request)) {
    const first = validateRequest.errors?.[0];
    return refuse(400, `Bad bill PDF request: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
  }
  const account = sources.profile?.currentlyManagedAccount;
  if (!account || request.acctNo !== account) return refuse(404, 'No such account on this session');
  const bill = sources.billDates.details.find((d) => d.billDate === request.billDate);
  if (!bill) return refuse(404, `No bill dated ${request.billDate}`);
  const stream = billPdf(sources, bill);
  return {
    status: 200,
    stream,
    type: 'application/pdf',
    headers: {
      // A download named after the bill (decision 035: why not shown in the page); never cached (account data).
      'Content-Disposition': `attachment; filename="bill-${fileDay(bill.billDate)}.pdf"`,
      'Cache-Control': 'no-store',
    },
  };
}

const refuse = (status: number, error: string): Refusal => ({ status, json: { error } });

type Bill = BillDates['details'][number];

/**
 * The PDF of one bill, streamed. pdfkit is loaded on the first bill asked for (about a second on this machine
 * kind), not with the server: most sessions never download one.
 */
export function billPdf(sources: BillSources, bill: Bill): Readable {
  const out = new PassThrough();
  import('pdfkit')
    .then(({ default: PDFDocument }) =>
      writeBill(new PDFDocument(documentOptions(bill)), sources, bill).pipe(out),
    )
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

function documentOptions(bill: Bill): PDFKit.PDFDocumentOptions {
  return {
    size: 'LETTER',
    margin: 54,
    // Tagged (headings and paragraphs for screen readers), which needs PDF 1.4 or later.
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: titleOf(bill), Author: printable(provider.name), Subject: 'Account bill' },
  };
}

const titleOf = (bill: Bill): string => `Bill of ${day(bill.billDate)}`;

/** Writes the bill into `doc` and ends it: US Letter, one page. */
function writeBill(doc: PDFKit.PDFDocument, sources: BillSources, bill: Bill): PDFKit.PDFDocument {
  const p = sources.profile;
  const invoice = sources.invoiceHistory.invoice.find((i) => i.invoiceNumber === bill.invoiceNumber);
  const title = titleOf(bill);
  const root = doc.struct('Document');
  doc.addStructure(root);
  const line = (text: string, type = 'P', size = 11, font = 'Helvetica') => {
    doc.font(font).fontSize(size).text(text, { structParent: root, structType: type });
  };

  line(printable(provider.name), 'H1', 20, 'Helvetica-Bold');
  line(title, 'H2', 15, 'Helvetica-Bold');
  doc.moveDown();
  if (p) {
    const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
    if (name) line(printable(name));
    const address = p.billingAddress ?? p.serviceAddress;
    if (address?.addressLine1) line(printable(address.addressLine1));
    if (address?.addressLine2) line(printable(address.addressLine2));
    const place = [address?.city, [address?.stateCode, address?.zip].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    if (place) line(printable(place));
    line(`Account number: ${printable(p.currentlyManagedAccount)}`);
  }
  doc.moveDown();
  line('Summary', 'H2', 13, 'Helvetica-Bold');
  line(`Bill date: ${day(bill.billDate)}`);
  if (bill.invoiceNumber) line(`Invoice number: ${printable(bill.invoiceNumber)}`);
  if (bill.billAmount !== undefined) line(`Amount of this bill: ${money(bill.billAmount)}`);
  if (invoice?.dueDate) line(`Payment due: ${day(invoice.dueDate)}`);
  if (p?.autoPay === true) line('AutoPay is on: this amount is paid automatically.');

  const recent = [...sources.billDates.details]
    .filter((d) => d.billDate !== bill.billDate)
    .sort((a, b) => b.billDate.localeCompare(a.billDate))
    .slice(0, 6);
  if (recent.length > 0) {
    doc.moveDown();
    line('Your earlier bills', 'H2', 13, 'Helvetica-Bold');
    for (const d of recent)
      line(
        `${day(d.billDate)}: ${d.billAmount === undefined ? 'amount not available' : money(d.billAmount)}`,
      );
  }
  doc.moveDown(2);
  line(`Questions about this bill? Visit ${printable(provider.siteUrl)} or chat with us from your account.`);
  root.end();
  doc.end();
  return doc;
}

/** 'November 10, 2026' from the data's YYYY-MM-DD; anything else as it came (printable). */
function day(value: string): string {
  const d = parse(value.slice(0, 10), 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(d) && d.getFullYear() < 10000 ? format(d, 'MMMM d, yyyy') : printable(value);
}

/** The date for a file name: digits and dashes only. */
function fileDay(value: string): string {
  return value.replace(/[^0-9-]/g, '').slice(0, 10) || 'bill';
}

function money(amount: number): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e12) return 'amount not available';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/**
 * What the PDF's standard fonts can print (their WinAnsi set): printable Latin-1 kept, anything else (other
 * scripts, emoji, lone surrogates, control characters) a '?'; cut to FIELD_MAX.
 */
export function printable(value: string): string {
  const text = value.replace(/[^\x20-\x7e\xa0-\xff]/gu, '?');
  return text.length > FIELD_MAX ? `${text.slice(0, FIELD_MAX - 3)}...` : text;
}
