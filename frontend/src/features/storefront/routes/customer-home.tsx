import { Page } from '../../../components/page.js';
import { displayName, useSession } from '../../../lib/session.js';

/**
 * Customer landing (spec 1 section 2). Customers land here after sign-in; the category cards, mini cart and
 * carousel arrive with the storefront.
 */
export default function CustomerHomeScreen() {
  const session = useSession();
  if (!session) return null;
  return <Page title={`Welcome, ${displayName(session)}`} description={session.tenant?.displayName} />;
}
