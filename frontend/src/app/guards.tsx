import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { sessionEndReason, useSession } from '../lib/session.js';

/** The set-up screen of two-step sign-in (Me menu "Two-step sign-in"). */
export const TWO_STEP_PATH = '/twoStep';

export const CUSTOMER_ONLY = 'Allowed only for Customers..  SignUp as a Customer.';

/**
 * Screens behind sign-in. A stored but expired token still passes: the session popup then says the session timed
 * out, instead of the screen vanishing under the user. A token without the profile (a sign-in cut short by a
 * closed tab) does not.
 */
export function RequireSignIn() {
  const session = useSession();
  const location = useLocation();
  if (!session?.user) return <Navigate to="/login" replace state={{ from: location.pathname, notice: sessionEndReason() }} />;
  // Platform admins must use two-step sign-in: before anything else, they set it up.
  if (session.mfaSetupDue && location.pathname !== TWO_STEP_PATH) return <Navigate to={TWO_STEP_PATH} replace />;
  return <Outlet />;
}

/**
 * Customer screens need the customer record stored at sign-in (spec 1 section 6). A customer whose session the
 * server just ended goes to sign-in, with the reason, rather than being told to sign up.
 */
export function RequireCustomer() {
  const session = useSession();
  const ended = sessionEndReason();
  if (!session && ended) return <Navigate to="/login" replace state={{ notice: ended }} />;
  if (!session?.customer) return <Navigate to="/error" replace state={{ message: CUSTOMER_ONLY }} />;
  return <Outlet />;
}

/** My Account: the customer's own record for customers, the employee view of oneself for staff. */
export function AccountRedirect() {
  const session = useSession();
  if (session?.customer) return <Navigate to={`/customer/${session.customer.customerId}`} replace />;
  if (session?.user) return <Navigate to={`/userView/${session.user.appUserId}`} replace />;
  return <Navigate to="/login" replace />;
}
