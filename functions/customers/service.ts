import { gstinState } from '../../shared/gst.js';
import { ROLE } from '../../shared/roles.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { CUSTOMER_NAME_EXISTS, MOBILE_EXISTS } from '../../shared/schemas/customer-messages.js';
import type { Tenant } from '../../shared/schemas/tenant.js';
import { accountName, domainSuffix } from '../../shared/tenant.js';
import { countedSignUp, type TryContext } from '../lib/abuse-limits.js';
import { config } from '../lib/config.js';
import type { Caller } from '../lib/context.js';
import { created, nextId, transactParts, updated, writePart, type Actor } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import { roleData } from '../roles/data.js';
import { shopDomain, tenantData } from '../tenants/data.js';
import { userData } from '../users/data.js';
import { customerData } from './data.js';

const taken = { mobileTaken: MOBILE_EXISTS, nameTaken: CUSTOMER_NAME_EXISTS };

interface CustomerFields {
  customerName: string;
  mobileNumber: string;
  emailId: string;
  address?: string;
  gstin?: string;
  state?: string;
}

/** A customer's GSTIN and state; with a GSTIN and no state, the GSTIN's state. */
const gstFields = (fields: { gstin?: string; state?: string }) => ({
  ...(fields.gstin ? { gstin: fields.gstin } : {}),
  ...(fields.state || fields.gstin ? { state: fields.state ?? gstinState(fields.gstin!) } : {}),
});

/** The stored name: special characters removed, the shop's domain appended (spec 2 section 5). */
function storedName(entered: string, suffix: string): string {
  const name = accountName(entered, suffix);
  if (!name) throw new Validation('Customer name is required');
  return name;
}

/** Friendly answers before the write; the claims written with the record settle any race. */
async function checkFree(tenantId: string, mobile: string, name: string): Promise<void> {
  if (await customerData.byMobile(tenantId, mobile)) throw new Conflict(MOBILE_EXISTS);
  if (await customerData.byName(tenantId, name)) throw new Conflict(CUSTOMER_NAME_EXISTS);
}

/** The name as typed, for documents: trimmed, with single spaces. */
const legalNameOf = (typed: string) => typed.trim().replace(/\s+/g, ' ');

function customerRecord(tenantId: string, customerId: number, fields: CustomerFields & { legalName?: string }, actor: Actor, appUserId?: number): Customer {
  return {
    customerId,
    customerName: fields.customerName,
    ...(fields.legalName ? { legalName: fields.legalName } : {}),
    mobileNumber: fields.mobileNumber,
    emailId: fields.emailId,
    address: fields.address,
    ...gstFields(fields),
    creditPoints: 0,
    appUserId,
    tenant: tenantId,
    version: 1,
    ...created(actor),
  };
}

/** Registers a customer whose name is already in its stored form (the seed, and `createCustomer`). */
export async function saveNewCustomer(tenantId: string, fields: CustomerFields & { legalName?: string }, actor: Actor, appUserId?: number): Promise<Customer> {
  await checkFree(tenantId, fields.mobileNumber, fields.customerName);
  const customer = customerRecord(tenantId, await nextId(tenantId, 'customer'), fields, actor, appUserId);
  await transactParts(customerData.createWrites(tenantId, customer, taken));
  return customer;
}

/** A customer registered by staff: no sign-in of their own. */
export function createCustomer(me: Caller, body: CustomerFields, actor: Actor): Promise<Customer> {
  return saveNewCustomer(me.tenantId, { ...body, customerName: storedName(body.customerName, domainSuffix(me.userName)), legalName: legalNameOf(body.customerName) }, actor);
}

/**
 * Self sign-up: the name with the shop's domain is both the customer's name and their login, with the password
 * they chose, so they can sign in at once. User, customer record and claims are written in one transaction.
 */
export async function signUpCustomer(body: CustomerFields & { tenantId: string; password: string }, client: TryContext): Promise<Customer> {
  const tenant = await tenantData.get(body.tenantId);
  // The platform's own tenant sells nothing: it is no shop to sign up at.
  if (!tenant || tenant.enabled === false || tenant.tenantId === config.platformTenant()) throw new Validation('Select the shop');
  return countedSignUp(tenant.tenantId, body.emailId, client, () => signUpAt(tenant, body, client.now));
}

async function signUpAt(tenant: Tenant, body: CustomerFields & { password: string }, now: Date): Promise<Customer> {
  const customerName = storedName(body.customerName, `@${shopDomain(tenant)}`);
  await checkFree(tenant.tenantId, body.mobileNumber, customerName);
  const customerRole = (await roleData.all(tenant.tenantId)).find((r) => r.name === ROLE.CUSTOMER);
  if (!customerRole) throw new Validation('Select the shop');
  const actor: Actor = { userName: customerName.toLowerCase(), now };
  const customerId = await nextId(tenant.tenantId, 'customer');
  let record: Customer | undefined;
  // The user service (and the Cognito client) is loaded with the first sign-up, not at the function's start.
  const { createAppUser } = await import('../users/service.js');
  await createAppUser(
    tenant.tenantId,
    {
      userName: customerName,
      emailId: body.emailId,
      mobileNumber: body.mobileNumber,
      address: body.address,
      appUserRole: [{ roleId: customerRole.roleId, name: customerRole.name, description: customerRole.description }],
    },
    actor,
    {
      permanentPassword: body.password,
      nameTakenMessage: CUSTOMER_NAME_EXISTS,
      with: (user) => {
        record = customerRecord(tenant.tenantId, customerId, { ...body, customerName, legalName: legalNameOf(body.customerName) }, actor, user.appUserId);
        return customerData.createWrites(tenant.tenantId, record, taken);
      },
    },
  );
  return record!;
}

export async function readCustomer(tenantId: string, customerId: number): Promise<Customer> {
  const customer = await customerData.byId(tenantId, customerId);
  if (!customer) throw new NotFound('Customer not found.');
  return customer;
}

export async function updateCustomer(
  me: Caller,
  customerId: number,
  body: { customerName?: string; mobileNumber?: string; emailId: string; address?: string; gstin?: string; state?: string; version?: number },
  actor: Actor,
): Promise<Customer> {
  const current = await readCustomer(me.tenantId, customerId);
  const bare = (name: string) => accountName(name, '').toLowerCase();
  const nameChanged = body.customerName !== undefined && bare(body.customerName) !== bare(current.customerName);
  if (nameChanged || (body.mobileNumber !== undefined && body.mobileNumber !== current.mobileNumber)) {
    throw new Validation('The customer name and mobile number cannot be changed.');
  }
  if (body.version !== undefined && body.version !== (current.version ?? 0)) throw new Conflict(STALE_RECORD);
  const { gstin: _gstin, state: _state, ...kept } = current;
  const next: Customer = { ...kept, emailId: body.emailId, address: body.address, ...gstFields(body), ...updated(actor), version: (current.version ?? 0) + 1 };
  await transactParts(writePart([customerData.replace(me.tenantId, next, current.version), STALE_RECORD]));
  return next;
}

/** Deletes the record and frees its mobile and name; a customer who signed up also loses the sign-in, atomically. */
export async function deleteCustomer(me: Caller, customerId: number, actor: Actor): Promise<Customer> {
  const customer = await readCustomer(me.tenantId, customerId);
  const removal = customerData.removeWrites(me.tenantId, customer, STALE_RECORD);
  const user = customer.appUserId ? await userData.byId(me.tenantId, customer.appUserId) : undefined;
  if (user && user.enabled !== false) {
    const { disableAppUser } = await import('../users/service.js');
    await disableAppUser(me.tenantId, user, actor, removal);
  }
  else await transactParts(removal);
  return customer;
}

export async function validateMobile(tenantId: string, mobile: string): Promise<Customer | 'False'> {
  return (await customerData.byMobile(tenantId, mobile)) ?? 'False';
}
