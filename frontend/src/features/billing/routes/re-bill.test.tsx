import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILL_GENERATED, CHOOSE_PRINT_OR_MAIL } from '../../../../../shared/schemas/purchase.js';
import { renderScreen, serve, signInAs, type Call } from '../../../../../test/web/leave-fixtures.js';
import { clearSession } from '../../../lib/session.js';
import { billLine, storedBill, storedReceipt } from '../test-fixtures.js';
import ReBill from './re-bill.js';

const soap = billLine(1, 'Bath Soap', 'BS1', 45, 3, 1);
const dal = billLine(2, 'Toor Dal 1kg', 'TD1', 150, 2);
// The review route keeps the lines with units left: a fully returned line is not among them.
const bill = storedBill([soap, dal], { netAmount: 390, redeemAmount: 0, returnAmount: 45 });
const receipt = storedReceipt(bill, [soap, dal], { grossAmount: 390, discount: 0, taxable: 371.43, cgst: 9.29, sgst: 9.28, tax: 18.57, totalSellingAmount: 390, redeemAmount: 0, returnAmount: 45, netAmount: 345 });

describe('Generate Bill', () => {
  beforeEach(() => signInAs('CASHIER', ['ReBill', 'CustomerPurchaseList']));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the lines with units left, asks for print or mail, prints the receipt and says Bill Generated.', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const calls: Call[] = serve([
      ['GET /purchase/review/41', [200, bill]],
      ['POST /purchase/reBill/41', [200, { message: BILL_GENERATED, purchase: { ...bill, reBills: 1 } }]],
      ['GET /purchase/receipt/41', [200, receipt]],
    ]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReBill />, { path: '/reBill/:id', url: '/reBill/41', elsewhere: ['/customerPurchase/:id'] });
    const lines = await screen.findByRole('table', { name: 'Bill lines' });
    expect(within(lines).getByText('Bath Soap').closest('tr')).toHaveTextContent('2₹45.00₹90.00');
    expect(within(lines).getByText('Toor Dal 1kg')).toBeInTheDocument();
    expect(screen.getByLabelText('Payment Mode')).toHaveTextContent('Cash');
    expect(screen.getByText('Invoice DEM/26-27/000041')).toBeInTheDocument();
    expect(screen.getByLabelText('Paid Amount')).toHaveTextContent('₹390.00');
    expect(screen.getByText('₹45.00 refunded')).toBeInTheDocument();

    expect(screen.getByText(CHOOSE_PRINT_OR_MAIL)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(screen.getByLabelText('Print'));
    expect(screen.queryByText(CHOOSE_PRINT_OR_MAIL)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const done = await screen.findByRole('dialog');
    expect(within(done).getByText(BILL_GENERATED)).toBeInTheDocument();
    expect(await within(done).findByText('Payment Status: Paid')).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.key === 'POST /purchase/reBill/41')!.body).toEqual({ print: true, mail: false });

    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerPurchase/9740000001'));
  });

  it('mails without printing and tells a receipt that could not be mailed', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve([
      ['GET /purchase/review/41', [200, bill]],
      ['POST /purchase/reBill/41', [200, { message: BILL_GENERATED, purchase: bill, mailSent: false, mailProblem: 'The mail service refused the message.' }]],
    ]);
    const user = userEvent.setup();
    renderScreen(<ReBill />, { path: '/reBill/:id', url: '/reBill/41' });
    await user.click(await screen.findByLabelText('Mail'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('dialog');
    expect(within(done).getByText(BILL_GENERATED)).toBeInTheDocument();
    expect(within(done).getByText('The receipt was not mailed: The mail service refused the message.')).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  it('offers nothing to bill when every product was returned', async () => {
    serve([['GET /purchase/review/41', [200, storedBill([])]]]);
    renderScreen(<ReBill />, { path: '/reBill/:id', url: '/reBill/41' });
    expect(await screen.findByText('Every product of this bill has been returned; there is nothing to bill.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('goes to the error screen with the message when generating fails for another reason than a refusal', async () => {
    serve([
      ['GET /purchase/review/41', [200, bill]],
      ['POST /purchase/reBill/41', [500, { message: 'The table is not reachable.' }]],
    ]);
    const user = userEvent.setup();
    const { router } = renderScreen(<ReBill />, { path: '/reBill/:id', url: '/reBill/41', elsewhere: ['/error'] });
    await user.click(await screen.findByLabelText('Print'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(router.state.location.state).toEqual({ message: expect.stringContaining('The table is not reachable.') });
  });
});
