import type { Customer } from '../../shared/schemas/customer.js';
import { query, strip, type Item } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

const customerPk = (tenantId: string) => tenantPk(tenantId, 'CUSTOMER');

export const customerData = {
  toItem(tenantId: string, customer: Customer): Item {
    return {
      pk: customerPk(tenantId),
      sk: idSk(customer.customerId),
      gsi1pk: tenantPk(tenantId, 'CUSTOMER_MOBILE'),
      gsi1sk: customer.mobileNumber,
      gsi2pk: customer.appUserId ? tenantPk(tenantId, 'CUSTOMER_APPUSER') : undefined,
      gsi2sk: customer.appUserId ? idSk(customer.appUserId) : undefined,
      gsi3pk: tenantPk(tenantId, 'CUSTOMER_NAME'),
      gsi3sk: searchKey(customer.customerName),
      entity: 'customer',
      ...customer,
    };
  },
  async byAppUser(tenantId: string, appUserId: number): Promise<Customer | undefined> {
    const { items } = await query<Customer & Item>({
      index: 'gsi2',
      pk: tenantPk(tenantId, 'CUSTOMER_APPUSER'),
      skBetween: [idSk(appUserId), idSk(appUserId)],
    });
    return items[0] ? (strip(items[0]) as Customer) : undefined;
  },
};
