import { MOBILE_EXISTS } from '../../shared/schemas/customer-messages.js';
import type { BusinessPartner, BusinessPartnerBody } from '../../shared/schemas/partner.js';
import { created, nextId, op, transactParts, updated, writePart, type Actor } from '../lib/db.js';
import { Conflict, NotFound, STALE_RECORD } from '../lib/errors.js';
import { partnerData } from './data.js';

const fields = (body: BusinessPartnerBody) => ({
  name: body.name,
  emailId: body.emailId,
  companyName: body.companyName,
  mobileNumber: body.mobileNumber,
  productDetail: body.productDetail,
  address: body.address,
});

export async function readPartner(tenantId: string, id: number): Promise<BusinessPartner> {
  const partner = await partnerData.byId(tenantId, id);
  if (!partner) throw new NotFound('Business partner not found.');
  return partner;
}

/** A friendly answer before the write; the mobile claim written with the record settles any race. */
async function checkMobileFree(tenantId: string, mobile: string): Promise<void> {
  if (await partnerData.byMobile(tenantId, mobile)) throw new Conflict(MOBILE_EXISTS);
}

export async function createPartner(tenantId: string, body: BusinessPartnerBody, actor: Actor): Promise<BusinessPartner> {
  await checkMobileFree(tenantId, body.mobileNumber);
  const partner: BusinessPartner = {
    businessPartnersId: await nextId(tenantId, 'businessPartner'),
    ...fields(body),
    version: 1,
    ...created(actor),
  };
  await transactParts(partnerData.createWrites(tenantId, partner, MOBILE_EXISTS));
  return partner;
}

/** A new mobile number moves the claim with it, in the same transaction as the record. */
export async function updatePartner(tenantId: string, id: number, body: BusinessPartnerBody, actor: Actor): Promise<BusinessPartner> {
  const current = await readPartner(tenantId, id);
  if (body.version !== undefined && body.version !== (current.version ?? 0)) throw new Conflict(STALE_RECORD);
  const mobileChanged = body.mobileNumber !== current.mobileNumber;
  if (mobileChanged) await checkMobileFree(tenantId, body.mobileNumber);
  const next: BusinessPartner = { ...current, ...fields(body), ...updated(actor), version: (current.version ?? 0) + 1 };
  await transactParts(
    writePart(
      [partnerData.replace(tenantId, next, current.version), STALE_RECORD],
      ...(mobileChanged
        ? ([
            [op.claim(partnerData.mobileClaim(tenantId, next.mobileNumber), `partner#${id}`), MOBILE_EXISTS],
            [op.release(partnerData.mobileClaim(tenantId, current.mobileNumber))],
          ] as const)
        : []),
    ),
  );
  return next;
}

export async function deletePartner(tenantId: string, id: number): Promise<BusinessPartner> {
  const partner = await readPartner(tenantId, id);
  await transactParts(partnerData.removeWrites(tenantId, partner, STALE_RECORD));
  return partner;
}
