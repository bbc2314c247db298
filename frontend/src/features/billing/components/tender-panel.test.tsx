import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PaymentMode } from '../../../../../shared/schemas/purchase.js';
import type { Tenant } from '../../../../../shared/schemas/tenant.js';
import { renderWithApp, tokenAnswer } from '../../../../../test/web/render.js';
import { clearSession, startSession, updateSession } from '../../../lib/session.js';
import { billLine, storedBill, storedReceipt } from '../test-fixtures.js';
import { ReceiptView } from './receipt-view.js';
import { draftOfTenders, emptyTenderDraft, TenderPanel, tenderDraftProblem, tendersBody, UPI_BY_RAZORPAY, UPI_NOT_CONFIRMED, type TenderDraft, type UpiAtTill } from './tender-panel.js';

/** The panel as Place Order holds it, with what Save would send shown beside it. */
function Harness({ mode, net, upi }: { mode: PaymentMode; net: number; upi?: UpiAtTill }) {
  const [draft, setDraft] = useState<TenderDraft>(emptyTenderDraft);
  return (
    <>
      <TenderPanel mode={mode} net={net} draft={draft} onChange={setDraft} upi={upi} />
      <output data-testid="sent">{JSON.stringify(tendersBody(draft, mode, net, upi) ?? null)}</output>
      <output data-testid="problem">{tenderDraftProblem(draft, net, mode, upi) ?? ''}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent!) as unknown;

describe('paying a bill in parts at the till', () => {
  it('a cash bill sends no parts; ₹200 on UPI with the rest in cash adds up to the net', () => {
    renderWithApp(<Harness mode="Cash" net={54_000} />);
    expect(sent()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    fireEvent.change(screen.getByLabelText('Part 1 amount'), { target: { value: '200' } });
    // A cash bill's first added part is UPI; the rest stays cash.
    expect(sent()).toEqual([
      { method: 'upi', amount: 200 },
      { method: 'cash', amount: 340 },
    ]);
    expect(screen.getByText('Rest ₹340.00 by Cash')).toBeInTheDocument();
  });

  it('an Online bill names its method, and parts beyond the net are refused', () => {
    renderWithApp(<Harness mode="Online" net={54_000} />);
    expect(sent()).toEqual([{ method: 'upi', amount: 540 }]);
    fireEvent.click(screen.getByText('Card'));
    expect(sent()).toEqual([{ method: 'card', amount: 540 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    fireEvent.change(screen.getByLabelText('Part 1 amount'), { target: { value: '600' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The parts are ₹60.00 more than the Net Amount ₹540.00.');
  });

  it('a part without an amount is a problem to fix before saving', () => {
    expect(tenderDraftProblem({ parts: [{ method: 'cash', amount: '' }], onlineMethod: 'upi' }, 100)).toMatch(/Enter the amount/);
    expect(tenderDraftProblem({ parts: [{ method: 'cash', amount: 1 }], onlineMethod: 'upi' }, 100)).toBeUndefined();
  });
});

describe('UPI by the shop\'s QR code', () => {
  const upi: UpiAtTill = { payee: { upiId: 'sharmastores@okhdfcbank', payeeName: 'Sharma Stores' }, reference: 'BILL-0123456789AB' };

  it('shows the QR of a upi://pay link for the exact UPI part, and Save waits for UPI received', async () => {
    renderWithApp(<Harness mode="Cash" net={54_000} upi={upi} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    fireEvent.change(screen.getByLabelText('Part 1 amount'), { target: { value: '340' } });
    const qr = await screen.findByAltText('UPI QR code for ₹340.00 to sharmastores@okhdfcbank');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr.closest('[data-upi-qr]')?.getAttribute('data-upi-qr')).toBe('upi://pay?pa=sharmastores%40okhdfcbank&pn=Sharma%20Stores&am=340.00&cu=INR&tr=BILL-0123456789AB&tn=Bill%20BILL-0123456789AB');
    expect(screen.getByTestId('problem')).toHaveTextContent(UPI_NOT_CONFIRMED);
    fireEvent.click(screen.getByLabelText('UPI ₹340.00 received'));
    expect(screen.getByTestId('problem')).toBeEmptyDOMElement();
    expect(sent()).toEqual([
      { method: 'upi', amount: 340, reference: 'BILL-0123456789AB' },
      { method: 'cash', amount: 200 },
    ]);
  });

  it('a shop without a UPI ID shows no QR: the cashier takes UPI as told', () => {
    renderWithApp(<Harness mode="Online" net={54_000} upi={{ reference: 'BILL-1' }} />);
    expect(screen.queryByAltText(/UPI QR code/)).not.toBeInTheDocument();
    expect(screen.getByTestId('problem')).toBeEmptyDOMElement();
    expect(sent()).toEqual([{ method: 'upi', amount: 540 }]);
  });
});

describe('UPI by Razorpay\'s QR code', () => {
  it('draws no QR before saving and does not wait for UPI received: the part is saved to be confirmed by Razorpay', () => {
    const upi: UpiAtTill = { payee: { upiId: 'sharmastores@okhdfcbank', payeeName: 'Sharma Stores' }, reference: 'BILL-0123456789AB', razorpay: true };
    renderWithApp(<Harness mode="Cash" net={54_000} upi={upi} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    fireEvent.change(screen.getByLabelText('Part 1 amount'), { target: { value: '340' } });
    expect(screen.queryByAltText(/UPI QR code/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('UPI ₹340.00 received')).not.toBeInTheDocument();
    expect(screen.getByText(`UPI ₹340.00: ${UPI_BY_RAZORPAY}`)).toBeInTheDocument();
    expect(screen.getByTestId('problem')).toBeEmptyDOMElement();
    expect(sent()).toEqual([
      { method: 'upi', amount: 340, pending: true },
      { method: 'cash', amount: 200 },
    ]);
  });
});

describe('the receipt of a bill paid in parts', () => {
  it('lists each part with its amount, and a UPI part to be confirmed', () => {
    const dal = billLine(1, 'Toor Dal 1kg', 'TD1', 150, 2);
    const bill = storedBill([dal], {
      paymentMode: 'Cash',
      netAmount: 300,
      totalSellingAmount: 300,
      tenders: [
        { method: 'cash', label: 'Cash', amount: 200 },
        { method: 'upi', label: 'UPI', amount: 100, pending: true },
      ],
    });
    const totals = { grossAmount: 300, discount: 0, taxable: 285.71, cgst: 7.15, sgst: 7.14, tax: 14.29, totalSellingAmount: 300, redeemAmount: 0, returnAmount: 0, netAmount: 300 };
    renderWithApp(<ReceiptView receipt={storedReceipt(bill, [dal], totals)} paper="roll80" />);
    expect(screen.getByText('Paid by Cash')).toBeInTheDocument();
    expect(screen.getByText('Paid by UPI, to be confirmed')).toBeInTheDocument();
    expect(screen.getByText('₹100.00')).toBeInTheDocument();
  });

  it('carries the QR of the UPI balance not confirmed yet, with the invoice number as reference, where the shop has a UPI ID', async () => {
    startSession(tokenAnswer(3600));
    updateSession({ tenant: { tenantId: 'demo', displayName: 'Demo', address: 'Bengaluru', gstNumber: '29ABCDE1234F1ZW', upiId: 'demostores@okhdfcbank', upiPayeeName: 'Demo Stores' } as Tenant });
    try {
      const dal = billLine(1, 'Toor Dal 1kg', 'TD1', 150, 2);
      const bill = storedBill([dal], {
        invoiceNumber: 'DEM/26-27/000041',
        netAmount: 300,
        totalSellingAmount: 300,
        tenders: [
          { method: 'cash', label: 'Cash', amount: 200 },
          { method: 'upi', label: 'UPI', amount: 100, pending: true },
        ],
      });
      const totals = { grossAmount: 300, discount: 0, taxable: 285.71, cgst: 7.15, sgst: 7.14, tax: 14.29, totalSellingAmount: 300, redeemAmount: 0, returnAmount: 0, netAmount: 300 };
      renderWithApp(<ReceiptView receipt={storedReceipt(bill, [dal], totals)} paper="a4" />);
      const qr = await screen.findByAltText('UPI QR code for ₹100.00 to demostores@okhdfcbank');
      expect(qr.closest('[data-upi-qr]')?.getAttribute('data-upi-qr')).toContain('&am=100.00&cu=INR&tr=DEM%2F26-27%2F000041');
    } finally {
      clearSession();
    }
  });
});

describe('editing a bill paid in parts', () => {
  it('starts from its parts: the last of its Bill Type is the rest, the others typed', () => {
    const paid = (method: 'cash' | 'upi' | 'card', amount: number) => ({ method, label: method, amount });
    expect(draftOfTenders([paid('upi', 300), paid('cash', 200)], 'Online')).toEqual({ parts: [{ method: 'cash', amount: 200 }], onlineMethod: 'upi' });
    expect(draftOfTenders([paid('upi', 100), paid('cash', 72)], 'Cash')).toEqual({ parts: [{ method: 'upi', amount: 100 }], onlineMethod: 'upi' });
    expect(draftOfTenders([paid('card', 540)], 'Online')).toEqual({ parts: [], onlineMethod: 'card' });
    expect(draftOfTenders([{ method: 'online', label: 'Online', amount: 540 }], 'Online')).toEqual(emptyTenderDraft());
    expect(draftOfTenders(undefined, 'Cash')).toEqual(emptyTenderDraft());
    // The rest takes up a change of the net: the typed cash part stays ₹200.00.
    expect(tendersBody(draftOfTenders([paid('upi', 300), paid('cash', 200)], 'Online'), 'Online', 60_000)).toEqual([
      { method: 'cash', amount: 200 },
      { method: 'upi', amount: 400 },
    ]);
  });
});
