/**
 * GET /Orch/dssh/postpaid/getBillPdf?acctNo&billDate (ours, docs/contracts.md; query schema
 * schemas/bill-pdf-request.schema.json): the postpaid bill of that date as a PDF download
 * (`Content-Disposition: attachment`). A page navigation (a link the customer follows), not a fetch call: the
 * browser saves the file (docs/decisions/035-bill-pdf.md says why it is not shown inside the page).
 */
export const getBillPdfPath = '/Orch/dssh/postpaid/getBillPdf';

/** The file name offered for the download: the bill's date, digits and dashes only. */
export function billPdfFileName(billDate: string): string {
  return `bill-${billDate.replace(/[^0-9-]/g, '').slice(0, 10) || 'bill'}.pdf`;
}
