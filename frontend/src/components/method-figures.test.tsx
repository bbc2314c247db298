import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/web/render.js';
import { MethodFigures } from './method-figures.js';

describe('sales by method', () => {
  it('lists cash, UPI, card and other online with sold, returns and net sold', () => {
    const m = (cash: number, upi: number, card: number, otherOnline: number) => ({ cash, upi, card, otherOnline, total: cash + upi + card + otherOnline });
    renderWithApp(<MethodFigures byMethod={{ sold: m(100, 300, 40, 110), returns: m(5, 20, 0, 0), netSold: m(95, 280, 40, 110) }} />);
    const upi = screen.getByText('UPI').closest('tr')!;
    expect(within(upi).getAllByRole('cell').map((c) => c.textContent)).toEqual(['UPI', '₹300.00', '₹20.00', '₹280.00']);
    expect(screen.getByText('Other online').closest('tr')).toHaveTextContent('₹110.00');
  });

  it('adds the dues collected by method and the takings they make with the net sold', () => {
    const m = (cash: number, upi: number, card: number, otherOnline: number) => ({ cash, upi, card, otherOnline, total: cash + upi + card + otherOnline });
    const figures = { sold: m(200, 0, 0, 0), returns: m(0, 0, 0, 0), netSold: m(200, 0, 0, 0) };
    renderWithApp(<MethodFigures byMethod={figures} dues={m(150.5, 100, 0, 0)} />);
    const cells = (label: string) => within(screen.getByText(label).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(screen.getByRole('columnheader', { name: 'Dues collected' })).toBeInTheDocument();
    expect(cells('Cash')).toEqual(['Cash', '₹200.00', '₹0.00', '₹200.00', '₹150.50', '₹350.50']);
    expect(cells('UPI')).toEqual(['UPI', '₹0.00', '₹0.00', '₹0.00', '₹100.00', '₹100.00']);
  });

  it('shows nothing for a period without UPI or card', () => {
    const { container } = renderWithApp(<MethodFigures byMethod={undefined} />);
    expect(container.querySelector('[data-method-figures]')).toBeNull();
  });
});
