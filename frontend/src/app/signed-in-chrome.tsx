import { AccountControls } from '../components/account-controls.js';
import { SessionPopup } from '../features/auth/components/session-popup.js';
import { useCartCount } from '../features/storefront/api/cart.js';
import type { Session } from '../lib/session.js';

/**
 * What the layout adds once someone is signed in: the account controls of the top bar (with the customer's cart
 * count) and the session popup. A chunk of its own, loaded with the first signed-in screen.
 */
export function SignedInControls({ session }: { session: Session }) {
  return <AccountControls session={session} cartCount={useCartCount()} />;
}

export { SessionPopup };
