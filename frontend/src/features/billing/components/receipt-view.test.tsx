import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../../test/web/render.js';
import { billLine, storedBill, storedReceipt } from '../test-fixtures.js';
import { ReceiptView } from './receipt-view.js';

/**
 * A storefront order's invoice: Toor Dal 2 × ₹150.00 at 5% and the ₹100.00 delivery charge, a line of its own at the
 * dal's 5% (the principal supply): taxable 100 × 100/105 = ₹95.24, CGST ₹2.38, SGST ₹2.38.
 */
const dal = { ...billLine(1, 'Toor Dal 1kg', 'TD1', 150, 2), hsnCode: '07135000' };
const bill = storedBill([dal], { paymentMode: 'Online', deliveryCharge: 100, netAmount: 400, totalSellingAmount: 400 });
const delivery = { hsnCode: '07135000', unit: 'NOS', gst: 5, cgst: 2.5, sgst: 2.5, igst: 0, taxable: 95.24, cgstPrice: 2.38, sgstPrice: 2.38, igstPrice: 0, amount: 100 };
const totals = { grossAmount: 400, discount: 0, taxable: 380.95, cgst: 9.53, sgst: 9.52, tax: 19.05, totalSellingAmount: 400, redeemAmount: 0, returnAmount: 0, netAmount: 400 };
const receipt = storedReceipt(bill, [dal], totals, {
  delivery,
  amountInWords: 'Rupees Four Hundred Only',
  hsnSummary: [{ hsnCode: '07135000', unit: 'NOS', quantity: 2, gst: 5, taxable: 380.95, cgst: 9.53, sgst: 9.52, igst: 0, value: 400 }],
});

const deliveryRow = () => screen.getByText('Delivery charge').closest('tr')!;

describe('the receipt of a storefront order', () => {
  it('prints the delivery charge as a line of the A4 tax invoice, with its HSN code, taxable value and tax, in the totals', () => {
    renderWithApp(<ReceiptView receipt={receipt} paper="a4" />);
    const row = deliveryRow();
    expect(row).toHaveTextContent('HSN 07135000');
    expect(within(row).getAllByText('₹100.00')).toHaveLength(2);
    expect(row).toHaveTextContent('₹95.24');
    expect(row).toHaveTextContent('2.5% ₹2.38');
    expect(screen.getByText('Net Amount').parentElement).toHaveTextContent('₹400.00');
    expect(screen.getByText('Rupees Four Hundred Only')).toBeInTheDocument();
  });

  it('states the taxable value under the line on the 80 mm roll, and IGST on an order to another state', () => {
    const across = {
      ...receipt,
      // Ordered by a Bengaluru customer (their profile's address) to be delivered in Chennai.
      purchase: { ...receipt.purchase, address: '7, Church Street, Bengaluru 560001' },
      deliveryAddress: 'Anitha, 12, Luz Church Road, Mylapore, Chennai 600004, 33-Tamil Nadu',
      supply: 'inter' as const,
      placeOfSupply: '33-Tamil Nadu',
      delivery: { ...delivery, igst: 5, cgstPrice: 0, sgstPrice: 0, igstPrice: 4.76 },
    };
    renderWithApp(<ReceiptView receipt={across} paper="roll80" />);
    const row = deliveryRow();
    expect(row).toHaveTextContent('Taxable ₹95.24');
    expect(row).toHaveTextContent('5% ₹4.76');
    expect(row).not.toHaveTextContent('2.5%');
    // Rule 46: the address of delivery, where the goods are supplied; an unregistered buyer's own address under ₹50,000 is not printed.
    expect(screen.getByText('Ship to: Anitha, 12, Luz Church Road, Mylapore, Chennai 600004, 33-Tamil Nadu')).toBeInTheDocument();
    expect(screen.getByText('Place of supply: 33-Tamil Nadu')).toBeInTheDocument();
    expect(screen.queryByText(/Church Street/)).not.toBeInTheDocument();
  });

  it('reads an older bill without a delivery line as before', () => {
    renderWithApp(<ReceiptView receipt={{ ...receipt, delivery: undefined }} paper="a4" />);
    expect(screen.queryByText('Delivery charge')).not.toBeInTheDocument();
  });
});
