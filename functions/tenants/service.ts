import { gstinState } from '../../shared/gst.js';
import { maySwitchReportEmails, REPORT_EMAILS_OWNER_ONLY, ROLE } from '../../shared/roles.js';
import type { AppUser } from '../../shared/schemas/auth.js';
import { STOREFRONT_PLAN_PLATFORM_ONLY, type Tenant } from '../../shared/schemas/tenant.js';
import { accountName, tenantIdFromUserName } from '../../shared/tenant.js';
import { auditWrite } from '../lib/audit.js';
import { config } from '../lib/config.js';
import type { Caller } from '../lib/context.js';
import { transactParts, updated, writePart, type Actor, type CursorPage, type PageRequest } from '../lib/db.js';
import { Conflict, Forbidden, NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { createAppUser, sendTemporaryPassword, temporaryPassword } from '../users/service.js';
import { tenantData } from './data.js';
import { provisionTenant, unprovisionTenant } from './provision.js';

type TenantUpdate = Pick<Tenant, 'displayName' | 'address' | 'gstNumber' | 'state' | 'gstRegistered' | 'emailId' | 'phone' | 'reportEmails' | 'storefrontRequestsPerSecond' | 'upiId' | 'upiPayeeName' | 'upiRazorpayQr' | 'version'>;
type TenantCreate = Omit<TenantUpdate, 'version'> & { domain: string; managerName: string; managerEmailId: string; managerMobileNumber: string };

/**
 * A platform admin holds the ADMIN role in the platform's own tenant (env PLATFORM_TENANT), which is no shop. Every
 * shop has an ADMIN role of its own, but that one reaches only its own shop.
 */
export const isPlatformAdmin = (me: Caller) => me.tenantId === config.platformTenant() && me.roleNames.includes(ROLE.ADMIN);

function checkReach(me: Caller, tenantId: string): void {
  if (tenantId !== me.tenantId && !isPlatformAdmin(me)) throw new Forbidden('You can manage only your own shop.');
}

export async function readTenant(me: Caller, tenantId: string): Promise<Tenant> {
  checkReach(me, tenantId);
  const tenant = await tenantData.get(tenantId);
  if (!tenant) throw new NotFound('Shop not found.');
  return tenant;
}

export async function listTenants(me: Caller, request: PageRequest): Promise<CursorPage<Tenant>> {
  if (isPlatformAdmin(me)) return tenantData.page(request);
  return { items: request.page === 0 && !request.cursor ? [await readTenant(me, me.tenantId)] : [] };
}

export const countTenants = async (me: Caller) => (isPlatformAdmin(me) ? tenantData.count() : 1);

/** The audit record of a change to a shop's settings, kept with the shop changed (also when a platform admin changed it). */
const auditShop = (actor: Actor, before: Tenant, after: Tenant, action: 'update' | 'delete') =>
  auditWrite({ tenantId: before.tenantId, actor }, { entity: 'shop', entityId: before.tenantId, action, before, after });

export async function updateTenant(me: Caller, tenantId: string, body: TenantUpdate, actor: Actor): Promise<Tenant> {
  const current = await readTenant(me, tenantId);
  if (body.version !== undefined && body.version !== (current.version ?? 0)) throw new Conflict(STALE_RECORD);
  const planChanged = body.storefrontRequestsPerSecond !== undefined && body.storefrontRequestsPerSecond !== current.storefrontRequestsPerSecond;
  if (planChanged && !isPlatformAdmin(me)) throw new Forbidden(STOREFRONT_PLAN_PLATFORM_ONLY);
  const next: Tenant = {
    ...current,
    displayName: body.displayName,
    address: body.address,
    gstNumber: body.gstNumber,
    state: body.state ?? (body.gstNumber ? gstinState(body.gstNumber) : undefined),
    gstRegistered: body.gstRegistered ?? current.gstRegistered ?? true,
    emailId: body.emailId ?? current.emailId,
    phone: body.phone ?? current.phone,
    reportEmails: body.reportEmails ?? current.reportEmails,
    storefrontRequestsPerSecond: body.storefrontRequestsPerSecond ?? current.storefrontRequestsPerSecond,
    // Left out: kept; sent empty: removed.
    upiId: body.upiId === undefined ? current.upiId : body.upiId.toLowerCase() || undefined,
    upiPayeeName: body.upiPayeeName === undefined ? current.upiPayeeName : body.upiPayeeName || undefined,
    upiRazorpayQr: body.upiRazorpayQr ?? current.upiRazorpayQr,
    ...updated(actor),
    version: (current.version ?? 0) + 1,
  };
  await transactParts(writePart([tenantData.replace(next, current.version), STALE_RECORD], [auditShop(actor, current, next, 'update')]));
  return next;
}

/** Switches the caller's shop's daily report e-mail on or off: the shop owner or an admin only. */
export async function setReportEmails(me: Caller, reportEmails: boolean, actor: Actor): Promise<Tenant> {
  if (!maySwitchReportEmails(me.roleNames)) throw new Forbidden(REPORT_EMAILS_OWNER_ONLY);
  const current = await readTenant(me, me.tenantId);
  if ((current.reportEmails ?? true) === reportEmails) return current;
  const next: Tenant = { ...current, reportEmails, ...updated(actor), version: (current.version ?? 0) + 1 };
  await transactParts(writePart([tenantData.replace(next, current.version), STALE_RECORD], [auditShop(actor, current, next, 'update')]));
  return next;
}

/** Closes a shop: nobody of it can sign in or refresh a token any more, and it leaves the sign-up list. */
export async function deleteTenant(me: Caller, tenantId: string, actor: Actor): Promise<Tenant> {
  if (!isPlatformAdmin(me)) throw new Forbidden('Only a platform admin can delete a shop.');
  if (tenantId === config.platformTenant()) throw new Validation('The platform itself cannot be closed.');
  const current = await readTenant(me, tenantId);
  if (current.enabled === false) return current;
  const next: Tenant = { ...current, enabled: false, ...updated(actor), version: (current.version ?? 0) + 1 };
  await transactParts(writePart([tenantData.replace(next, current.version), STALE_RECORD], [auditShop(actor, current, next, 'delete')]));
  return next;
}

/**
 * Opens a shop: the catalogue and default roles (one transaction), then its first TENANT_MANAGER with a temporary
 * password. If the manager cannot be created the shop is removed again, so the same id can be tried again.
 */
/** The first manager's user name, and so the new shop's id (the text between `@` and the first dot). */
const managerUserNameOf = (body: Pick<TenantCreate, 'managerName' | 'domain'>) => accountName(body.managerName, `@${body.domain}`).toLowerCase();
export const newShopId = (body: Pick<TenantCreate, 'managerName' | 'domain'>) => tenantIdFromUserName(managerUserNameOf(body)) ?? '';

export async function createTenant(me: Caller, body: TenantCreate, actor: Actor, log: Logger) {
  if (!isPlatformAdmin(me)) throw new Forbidden('Only a platform admin can create a shop.');
  const managerUserName = managerUserNameOf(body);
  const tenantId = newShopId(body);
  if (!managerUserName || !tenantId) throw new Validation('Enter the Valid UserName...');
  if (await tenantData.get(tenantId)) throw new Conflict(`A shop with the id ${tenantId} already exists.`);
  const shop = {
    tenantId,
    tenantName: tenantId,
    displayName: body.displayName,
    address: body.address,
    gstNumber: body.gstNumber,
    state: body.state ?? (body.gstNumber ? gstinState(body.gstNumber) : undefined),
    gstRegistered: body.gstRegistered ?? true,
    emailId: body.emailId,
    phone: body.phone,
    reportEmails: body.reportEmails,
    domain: body.domain,
    ...(body.storefrontRequestsPerSecond === undefined ? {} : { storefrontRequestsPerSecond: body.storefrontRequestsPerSecond }),
  };
  const roleIds = await provisionTenant(shop, actor);
  const password = temporaryPassword();
  let manager: AppUser;
  try {
    manager = await createAppUser(
      tenantId,
      {
        userName: managerUserName,
        emailId: body.managerEmailId,
        mobileNumber: body.managerMobileNumber,
        address: body.address,
        doj: actor.now.toISOString().slice(0, 10),
        appUserRole: [{ roleId: roleIds[ROLE.TENANT_MANAGER]!, name: ROLE.TENANT_MANAGER, description: ROLE.TENANT_MANAGER }],
      },
      actor,
      { temporaryPassword: password },
    );
  } catch (error) {
    await unprovisionTenant(shop, actor, ['appUser']);
    throw error;
  }
  const tenant = await readTenant(me, tenantId);
  return { tenant, manager, ...(await sendTemporaryPassword(manager, password, tenant.displayName, log)) };
}
