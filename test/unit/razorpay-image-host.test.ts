import { describe, expect, it } from 'vitest';
import { isRazorpayImageUrl } from '../../functions/payments/provider.js';

/** A QR code's image_url is shown to the till only from Razorpay's own hosts (or the local simulator the functions call). */
describe('a Razorpay QR image address', () => {
  it.each(['https://rzp.io/i/AbC123', 'https://cdn.razorpay.com/qrcodes/qr_1.png', 'https://api.razorpay.com/v1/qr/img'])('takes %s', (url) => {
    expect(isRazorpayImageUrl(url, '')).toBe(true);
  });

  it.each([
    'https://rzp.io.evil.example/i/AbC123',
    'https://evilrzp.io/i/AbC123',
    'https://razorpay.com.evil.example/qr.png',
    'https://evil.example/?next=https://rzp.io/i/x',
    'https://rzp.io@evil.example/i/x',
    'http://rzp.io/i/AbC123',
    'https://rzp.io:8443/i/AbC123',
    'javascript:alert(1)',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isRazorpayImageUrl(url, '')).toBe(false);
  });

  it('takes the simulator only where the functions call it, and only its origin', () => {
    expect(isRazorpayImageUrl('http://127.0.0.1:8007/sim/qr_codes/qr_1/image', 'http://127.0.0.1:8007')).toBe(true);
    expect(isRazorpayImageUrl('http://127.0.0.1:8008/sim/qr_codes/qr_1/image', 'http://127.0.0.1:8007')).toBe(false);
    expect(isRazorpayImageUrl('http://127.0.0.1:8007/sim/qr_codes/qr_1/image', '')).toBe(false);
  });
});
