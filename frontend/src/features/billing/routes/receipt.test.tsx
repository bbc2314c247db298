import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATUS_PAID } from '../../../../../shared/schemas/purchase.js';
import { formatRupees } from '../../../../../shared/format.js';
import { renderScreen, serve, signInAs } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { billLine, storedBill, storedReceipt } from '../test-fixtures.js';
import { PRINT_FAILED, PRINT_UNAVAILABLE } from '../components/receipt-view.js';
import ReceiptScreen from './receipt.js';

const dal = billLine(2, 'Toor Dal 1kg', 'TD1', 150, 2);
const bill = storedBill([dal], { netAmount: 300, redeemAmount: 0 });
const receipt = storedReceipt(bill, [dal], { grossAmount: 300, discount: 0, taxable: 285.71, cgst: 7.15, sgst: 7.14, tax: 14.29, totalSellingAmount: 300, redeemAmount: 0, returnAmount: 0, netAmount: 300 });
const elsewhere = ['/purchase', '/purchaseUpdated/new'];

describe('Cash receipt screen', () => {
  beforeEach(() => signInAs('CASHIER', ['PurchaseEdit']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('prints the receipt and then goes to the order list', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    expect(await screen.findByText(PAYMENT_STATUS_PAID)).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase'));
  });

  it("lists the bill's credit notes outside the printed receipt, each to download again for A4 or the 80 mm roll", async () => {
    const withNote = { ...receipt, creditNotes: [{ returnId: 1, creditNoteNumber: 'DEMC/26-27/00007', creditNoteDate: '2026-11-20', value: 150 }] };
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const pdf = /\/purchase\/creditNote\/41\/1\/pdf\?paper=(a4|roll80)$/.exec(url);
      if (pdf) {
        const fileName = pdf[1] === 'roll80' ? 'Credit_Note_41_1_80mm.pdf' : 'Credit_Note_41_1.pdf';
        return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"` } });
      }
      return new Response(JSON.stringify(withNote), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    const createObjectURL = vi.fn(() => 'blob:credit-note');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    const notes = await screen.findByRole('region', { name: 'Credit notes' });
    expect(notes).toHaveTextContent('Credit note DEMC/26-27/00007, 20/11/2026: ₹150.00');
    await user.click(within(notes).getByRole('button', { name: 'Credit note PDF' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(asked.filter((u) => u.includes('/purchase/creditNote/'))).toEqual([expect.stringMatching(/\/purchase\/creditNote\/41\/1\/pdf\?paper=a4$/)]);
    await user.click(within(notes).getByRole('button', { name: 'Credit note 80 mm' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(asked.filter((u) => u.includes('/purchase/creditNote/')).at(-1)).toMatch(/\/purchase\/creditNote\/41\/1\/pdf\?paper=roll80$/);
  });

  it('Cancel returns to Place Order without printing', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    await screen.findByText(PAYMENT_STATUS_PAID);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchaseUpdated/new'));
    expect(print).not.toHaveBeenCalled();
  });

  it("says 'Printing is unavailable on your device !' where the browser cannot print, and stays on the receipt", async () => {
    vi.stubGlobal('print', undefined);
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    await screen.findByText(PAYMENT_STATUS_PAID);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRINT_UNAVAILABLE);
    expect(router.state.location.pathname).toBe('/receipt');
  });

  it("says 'Error while printing !' when the print dialog fails", async () => {
    vi.stubGlobal(
      'print',
      vi.fn(() => {
        throw new Error('No printer');
      }),
    );
    serve([['GET /purchase/receipt/41', [200, receipt]]]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    await screen.findByText(PAYMENT_STATUS_PAID);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRINT_FAILED);
    expect(router.state.location.pathname).toBe('/receipt');
  });

  it('is a tax invoice: invoice number, HSN with unit, place of supply, amount in words, HSN summary, reverse charge', async () => {
    const hsn = [{ hsnCode: '1006', unit: 'NOS', quantity: 2, gst: 5, taxable: 285.71, cgst: 7.15, sgst: 7.14, igst: 0, value: 300 }];
    serve([['GET /purchase/receipt/41', [200, { ...receipt, hsnSummary: hsn }]]]);
    renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    expect(await screen.findByText('Tax Invoice')).toBeInTheDocument();
    expect(screen.getByText('Invoice No: DEM/26-27/000041')).toBeInTheDocument();
    expect(screen.getByText('Place of supply: 29-Karnataka')).toBeInTheDocument();
    expect(screen.getByText('Rupees Three Hundred Only')).toBeInTheDocument();
    expect(screen.getByText('Reverse charge: No')).toBeInTheDocument();
    expect(screen.getAllByText('HSN 1006').length).toBeGreaterThan(0);
    // On the 80 mm roll (the till's default paper) each line states its taxable value under the HSN code.
    for (const line of receipt.lines) expect(screen.getByText(`Taxable ${formatRupees(line.taxable)}`)).toBeInTheDocument();
    expect(screen.getAllByText('2 NOS').length).toBe(2);
    expect(screen.getByRole('columnheader', { name: 'CGST' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'IGST' })).not.toBeInTheDocument();
  });

  it('shows IGST alone for an inter-state invoice, and the B2B customer GSTIN', async () => {
    const inter = storedReceipt(
      { ...bill, customerGstin: '27AAPFU0939F1ZV', supply: 'inter', placeOfSupply: '27' },
      [{ ...dal, igst: 5, igstPrice: 14.29, cgstPrice: 0, sgstPrice: 0 }],
      { ...receipt.totals, cgst: 0, sgst: 0, igst: 14.29 },
      { supply: 'inter', placeOfSupply: '27-Maharashtra' },
    );
    serve([['GET /purchase/receipt/41', [200, inter]]]);
    renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    expect(await screen.findByText('Place of supply: 27-Maharashtra')).toBeInTheDocument();
    expect(screen.getByText('Customer GSTIN: 27AAPFU0939F1ZV')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'IGST' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'CGST' })).not.toBeInTheDocument();
  });

  it('is a Bill of Supply without tax columns when the shop is not registered for GST', async () => {
    serve([['GET /purchase/receipt/41', [200, { ...receipt, title: 'Bill of Supply' }]]]);
    renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
    expect(await screen.findByText('Bill of Supply')).toBeInTheDocument();
    expect(screen.queryByText(/^GSTIN:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'CGST' })).not.toBeInTheDocument();
    expect(screen.queryByText('Reverse charge: No')).not.toBeInTheDocument();
  });

  describe('sending the receipt', () => {
    const BILL_SENT_TOO_OFTEN = 'This bill was already sent 5 times today. It can be sent again in 24 hours.';

    it("sends to the customer's own e-mail and WhatsApp in one click, saying where it went", async () => {
      const calls = serve([
        ['GET /purchase/receipt/41', [200, receipt]],
        ['POST /message/email', [200, { message: 'Mail sent.' }]],
        ['POST /message/whatsapp', [200, { messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.1' }] }]],
      ]);
      const user = userEvent.setup();
      renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
      const send = await screen.findByRole('region', { name: 'Send the receipt' });
      await user.click(within(send).getByRole('button', { name: 'E-mail to meena@example.in' }));
      expect(await within(send).findByRole('status')).toHaveTextContent('Receipt sent by e-mail to meena@example.in.');
      await user.click(within(send).getByRole('button', { name: 'WhatsApp to 9740000001' }));
      expect(await within(send).findByText('Receipt sent by WhatsApp to 9740000001.')).toBeInTheDocument();
      const sent = calls.filter((c) => c.key.startsWith('POST /message'));
      expect(sent.map((c) => c.body)).toEqual([
        expect.objectContaining({ toAddress: 'meena@example.in', purchaseId: 41 }),
        { to: '9740000001', purchaseId: 41 },
      ]);
      expect(sent[0]!.body).not.toHaveProperty('recipientConfirmed');
      expect(sent[0]!.body).not.toHaveProperty('subject');
    });

    it('sends to a typed address only after the cashier confirms it, and says so', async () => {
      const calls = serve([
        ['GET /purchase/receipt/41', [200, receipt]],
        ['POST /message/whatsapp', [200, { messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.2' }] }]],
      ]);
      const user = userEvent.setup();
      renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
      const send = await screen.findByRole('region', { name: 'Send the receipt' });
      await user.click(within(send).getByRole('button', { name: 'Send to another address' }));
      await user.click(within(send).getByRole('radio', { name: 'WhatsApp' }));
      await user.type(within(send).getByLabelText('Mobile number'), '98123');
      await user.click(within(send).getByRole('button', { name: 'Next' }));
      expect(await within(send).findByText('Enter the Valid Mobile Number !')).toBeInTheDocument();
      await user.clear(within(send).getByLabelText('Mobile number'));
      await user.type(within(send).getByLabelText('Mobile number'), '9812345670');
      await user.click(within(send).getByRole('button', { name: 'Next' }));
      expect(await within(send).findByText(/Send bill 41's receipt by WhatsApp to/)).toHaveTextContent('recorded with your name');
      expect(calls.some((c) => c.key === 'POST /message/whatsapp')).toBe(false);
      await user.click(within(send).getByRole('button', { name: 'Yes, send it' }));
      expect(await within(send).findByRole('status')).toHaveTextContent('Receipt sent by WhatsApp to 9812345670.');
      expect(calls.find((c) => c.key === 'POST /message/whatsapp')!.body).toEqual({ to: '9812345670', purchaseId: 41, recipientConfirmed: true });
    });

    it("shows the server's refusal in its own words (a bill sent too often)", async () => {
      serve([
        ['GET /purchase/receipt/41', [200, receipt]],
        ['POST /message/email', [429, { message: BILL_SENT_TOO_OFTEN }]],
      ]);
      const user = userEvent.setup();
      renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
      const send = await screen.findByRole('region', { name: 'Send the receipt' });
      await user.click(within(send).getByRole('button', { name: 'E-mail to meena@example.in' }));
      expect(await within(send).findByRole('alert')).toHaveTextContent(BILL_SENT_TOO_OFTEN);
    });

    it('is not offered to a user who may read receipts but not send them', async () => {
      signInAs('CASHIER', ['PurchaseList']);
      serve([['GET /purchase/receipt/41', [200, receipt]]]);
      renderScreen(<ReceiptScreen />, { path: '/receipt', url: '/receipt?id=41', elsewhere });
      await screen.findByText(PAYMENT_STATUS_PAID);
      expect(screen.queryByRole('region', { name: 'Send the receipt' })).not.toBeInTheDocument();
    });
  });
});
