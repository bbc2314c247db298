import { describe, expect, it } from 'vitest';
import { shopPayee, UPI_ID_PATTERN, upiPayLink } from '../../shared/upi.js';

describe('the upi://pay link of a bill', () => {
  it('asks the exact amount in rupees with two decimals, the shop as payee and the bill as reference', () => {
    expect(upiPayLink({ upiId: 'SharmaStores@okhdfcbank', payeeName: 'Sharma Stores & Sons' }, 34_005, 'SLG/26-27/000123')).toBe(
      'upi://pay?pa=sharmastores%40okhdfcbank&pn=Sharma%20Stores%20%26%20Sons&am=340.05&cu=INR&tr=SLG%2F26-27%2F000123&tn=Bill%20SLG%2F26-27%2F000123',
    );
    expect(upiPayLink({ upiId: 'a1@ybl', payeeName: 'A' }, 7, 'R1')).toContain('am=0.07');
  });

  it('refuses an amount of 0 or a fraction of a paisa', () => {
    expect(() => upiPayLink({ upiId: 'a1@ybl', payeeName: 'A' }, 0, 'R1')).toThrow(RangeError);
    expect(() => upiPayLink({ upiId: 'a1@ybl', payeeName: 'A' }, 10.5, 'R1')).toThrow(RangeError);
  });

  it.each(['sharmastores@okhdfcbank', '9845012345@ybl', 'ravi.kumar-1@paytm'])('takes the UPI ID %s', (id) => expect(UPI_ID_PATTERN.test(id)).toBe(true));
  it.each(['sharmastores', '@ybl', 'a@', 'two words@ybl', 'a@b@c', 'x@1bank'])('refuses %s', (id) => expect(UPI_ID_PATTERN.test(id)).toBe(false));

  it('the shop without a UPI ID has no payee; the payee name falls back to the shop name', () => {
    expect(shopPayee({ displayName: 'Sharma Stores' })).toBeUndefined();
    expect(shopPayee({ upiId: 'a1@ybl', displayName: 'Sharma Stores' })).toEqual({ upiId: 'a1@ybl', payeeName: 'Sharma Stores' });
  });
});
