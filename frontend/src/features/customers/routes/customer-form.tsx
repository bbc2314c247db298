import { Button, Center, Loader } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { idParam } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { hasValidToken, useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { useCustomer } from '../api/customers.js';
import { CustomerAccount } from '../components/customer-account.js';
import { CustomerEditor } from '../components/customer-editor.js';
import { CustomerSignUp } from '../components/customer-sign-up.js';

/**
 * /customer/new and /customer/{id} (spec 3 section 2). Signed-out visitors (the route is public for `new`) register
 * themselves with a Tenant select; staff register or update a customer; a customer opening their own record
 * (My Account) sees it read-only.
 */
export default function CustomerFormScreen() {
  const { id: rawId } = useParams();
  const session = useSession();
  // `/customer/new` is a route of its own (public), without the id parameter.
  const isNew = rawId === undefined || rawId === 'new';
  const staff = !!session?.user && hasValidToken(session) && !session.isCustomer;
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const customer = useCustomer(staff ? id : undefined);
  const can = useCan();
  // The same features that read a customer's account (GET /account/{customerId}, docs/customer-credit.md).
  const accountLink =
    staff && id !== undefined && can('CustomerCredit', 'CustomerView', 'PurchaseEdit') ? (
      <Button variant="light" component={Link} to={`/customerAccount/${id}`} leftSection={<IconNotebook size={16} />}>
        Account and ledger
      </Button>
    ) : undefined;

  if (isNew && !staff) {
    return (
      <Page title="Customer Registration" description="Sign up to shop online, save items and follow your orders." size="sm">
        <CustomerSignUp />
      </Page>
    );
  }
  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Customer not found.' }} />;
  if (session?.isCustomer) {
    if (session.customer && session.customer.customerId === id) {
      return (
        <Page title="My Account" size="sm">
          <CustomerAccount customer={session.customer} />
        </Page>
      );
    }
    return <Navigate to="/error" replace state={{ message: 'You can open only your own customer record.' }} />;
  }
  return (
    <Page title={isNew ? 'Customer Registration' : 'Customer Update'} size="md" actions={accountLink}>
      <RequireFeature anyOf={['CustomerEdit']} what="registering or changing customers" back="/customer">
        {!isNew && !customer.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the customer" />
          </Center>
        ) : (
          <CustomerEditor customer={customer.data} />
        )}
      </RequireFeature>
    </Page>
  );
}
