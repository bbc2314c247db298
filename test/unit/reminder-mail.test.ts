import { describe, expect, it } from 'vitest';
import { reminderMail, reminderSubject, reminderText } from '../../functions/accounts/remind.js';

describe('the dues reminder as an e-mail', () => {
  const upi = 'upi://pay?pa=sharma@okhdfcbank&pn=Sharma%20Stores&am=450.00&tr=DUES-7';
  const text = reminderText({ shop: 'Sharma <Stores>', name: 'Asha', balance: 45_000, oldestUnpaid: '2026-10-02', upiLink: upi });

  it('carries the WhatsApp words as text, and as HTML with the UPI link for the exact amount clickable', () => {
    const mail = reminderMail('asha@example.in', reminderSubject('Sharma Stores', 45_000), text, upi);
    expect(mail).toMatchObject({ to: ['asha@example.in'], subject: 'Payment reminder from Sharma Stores: ₹450.00 due', text });
    expect(mail.html).toContain('<p>Namaste Asha, this is a reminder from Sharma &#60;Stores&#62;: you owe ₹450.00 on your account.</p>');
    expect(mail.html).toContain('<p>The oldest unpaid bill is of 02/10/2026.</p>');
    expect(mail.html).toContain(`<a href="${upi.replace(/&/g, '&#38;')}">`);
  });

  it('has no link when the shop has no UPI ID', () => {
    const plain = reminderText({ shop: 'Sharma Stores', name: 'Asha', balance: 45_000 });
    expect(reminderMail('asha@example.in', 'x', plain).html).not.toContain('<a ');
  });
});
