import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../../test/web/render.js';
import { refundOf, RefundTo, refundTendersOf } from './refund-to.js';

const paid = [
  { method: 'cash' as const, label: 'Cash', amount: 200 },
  { method: 'upi' as const, label: 'UPI', amount: 340 },
];

describe('the refund of a return, by the parts chosen', () => {
  it('back to UPI up to what UPI paid, the rest in cash; or all in cash; or as the Bill Type', () => {
    expect(refundTendersOf('upi', 45_000, paid)).toEqual([
      { method: 'upi', amount: 340 },
      { method: 'cash', amount: 110 },
    ]);
    expect(refundTendersOf('upi', 9_000, paid)).toEqual([{ method: 'upi', amount: 90 }]);
    expect(refundTendersOf('cash', 9_000, paid)).toEqual([{ method: 'cash', amount: 90 }]);
    expect(refundTendersOf('mode', 9_000, paid)).toBeUndefined();
  });

  it('refunds in money at most what was paid in money less earlier refunds', () => {
    expect(refundOf({ netAmount: 540, returnAmount: 500 }, 9_000)).toBe(4_000);
    expect(refundOf({ netAmount: 540, returnAmount: 0 }, 9_000)).toBe(9_000);
  });

  it('offers the bill’s online methods', () => {
    let chosen = '';
    renderWithApp(<RefundTo tenders={paid} value="mode" onChange={(c) => (chosen = c)} />);
    fireEvent.click(screen.getAllByLabelText('Refund to')[0]!);
    fireEvent.click(screen.getByRole('option', { name: 'Back to UPI (paid ₹340.00), the rest in cash' }));
    expect(chosen).toBe('upi');
  });

  it('shows nothing for a bill paid in cash only', () => {
    const { container } = renderWithApp(<RefundTo tenders={[paid[0]!]} value="mode" onChange={() => undefined} />);
    expect(container.querySelector('input')).toBeNull();
  });
});
