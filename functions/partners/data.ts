import type { BusinessPartner } from '../../shared/schemas/partner.js';
import {
  getItem,
  mapPage,
  op,
  query,
  queryCursorPage,
  readCounter,
  strip,
  writePart,
  type CursorPage,
  type Item,
  type PageRequest,
  type TransactItem,
  type WritePart,
} from '../lib/db.js';
import { counterKey, idSk, searchKey, tenantPk, uniqueKey } from '../lib/keys.js';
import { mergedCursorPage } from '../lib/merged-pages.js';

const partnerPk = (tenantId: string) => tenantPk(tenantId, 'PARTNER');
/** gsi1: partners by lower-case name (the list's order, search by name). */
const namePk = (tenantId: string) => tenantPk(tenantId, 'PARTNER_NAME');
/** gsi2: partners by lower-case company name (search by company). */
const companyPk = (tenantId: string) => tenantPk(tenantId, 'PARTNER_COMPANY');
/** gsi3: partners by mobile number. */
const mobilePk = (tenantId: string) => tenantPk(tenantId, 'PARTNER_MOBILE');

const key = (tenantId: string, id: number) => ({ pk: partnerPk(tenantId), sk: idSk(id) });
/** The shop's partner count, kept by the transactions that create and delete partners. */
const partnerCounter = (tenantId: string) => counterKey(tenantId, 'partner');

type PartnerItem = BusinessPartner & Item;
const toPartner = (item: PartnerItem) => strip(item) as BusinessPartner;

const byName = (tenantId: string, text?: string) => ({ index: 'gsi1', pk: namePk(tenantId), skPrefix: text === undefined ? undefined : searchKey(text) });
const byCompany = (tenantId: string, text: string) => ({ index: 'gsi2', pk: companyPk(tenantId), skPrefix: searchKey(text) });

/** The ids of the first `cap` partners a query finds, reading only keys and ids. */
async function firstIds(opts: ReturnType<typeof byName>, cap: number): Promise<number[]> {
  const ids: number[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await query<{ businessPartnersId: number }>({ ...opts, limit: cap - ids.length, startKey, attributes: ['businessPartnersId'] });
    ids.push(...out.items.map((i) => i.businessPartnersId));
    startKey = out.next;
  } while (startKey && ids.length < cap);
  return ids;
}

export const partnerData = {
  toItem(tenantId: string, partner: BusinessPartner): Item {
    return {
      ...key(tenantId, partner.businessPartnersId),
      gsi1pk: namePk(tenantId),
      gsi1sk: searchKey(partner.name),
      gsi2pk: companyPk(tenantId),
      gsi2sk: searchKey(partner.companyName),
      gsi3pk: mobilePk(tenantId),
      gsi3sk: partner.mobileNumber,
      entity: 'businessPartner',
      ...partner,
    };
  },
  mobileClaim: (tenantId: string, mobile: string) => uniqueKey(tenantId, 'PARTNER_MOBILE', mobile),
  createWrites(tenantId: string, partner: BusinessPartner, mobileTaken: string): WritePart {
    return writePart(
      [op.create(partnerData.toItem(tenantId, partner))],
      [op.claim(partnerData.mobileClaim(tenantId, partner.mobileNumber), `partner#${partner.businessPartnersId}`), mobileTaken],
      [op.count(partnerCounter(tenantId), 1)],
    );
  },
  /** Deletes a partner and frees its mobile number. */
  removeWrites(tenantId: string, partner: BusinessPartner, staleMessage: string): WritePart {
    return writePart(
      [op.remove(key(tenantId, partner.businessPartnersId), { ConditionExpression: 'attribute_exists(pk)' }), staleMessage],
      [op.release(partnerData.mobileClaim(tenantId, partner.mobileNumber))],
      [op.count(partnerCounter(tenantId), -1)],
    );
  },
  replace(tenantId: string, partner: BusinessPartner, expectedVersion: number | undefined): TransactItem {
    return op.replace(partnerData.toItem(tenantId, partner), expectedVersion);
  },
  key,
  async byId(tenantId: string, id: number): Promise<BusinessPartner | undefined> {
    const item = await getItem<PartnerItem>(key(tenantId, id).pk, key(tenantId, id).sk);
    return item ? toPartner(item) : undefined;
  },
  async byMobile(tenantId: string, mobile: string): Promise<BusinessPartner | undefined> {
    const { items } = await query<PartnerItem>({ index: 'gsi3', pk: mobilePk(tenantId), skBetween: [mobile, mobile] });
    return items[0] ? toPartner(items[0]) : undefined;
  },
  async page(tenantId: string, request: PageRequest): Promise<CursorPage<BusinessPartner>> {
    return mapPage(await queryCursorPage<PartnerItem>(byName(tenantId), request), toPartner);
  },
  count: (tenantId: string) => readCounter(partnerCounter(tenantId)),
  /**
   * Partners whose name or company starts with `text`: the two prefix queries merged in key order, each partner
   * once, under whichever of its name and company the text matched first. A page by cursor reads at most a page
   * of each query, however deep.
   */
  async searchPage(tenantId: string, text: string, request: PageRequest): Promise<CursorPage<BusinessPartner>> {
    const prefix = searchKey(text);
    const list = {
      list: 'partner-search',
      order: 'sortKey' as const,
      sources: [byName(tenantId, text), byCompany(tenantId, text)],
      // A partner both queries find shows where its smaller key puts it (the name on a tie), not twice.
      keep: (item: Record<string, unknown>, source: number) => {
        const [name, company] = [searchKey(String(item.name)), searchKey(String(item.companyName))];
        return source === 0 ? !company.startsWith(prefix) || name <= company : !name.startsWith(prefix) || company < name;
      },
    };
    return mapPage(await mergedCursorPage<PartnerItem>(list, request), toPartner);
  },
  /**
   * How many partners the search shows (each once), counting at most `cap`: the ids of at most `cap` matches of
   * each query. Either query reaching the cap means at least `cap` partners; otherwise both were read whole.
   */
  async searchCount(tenantId: string, text: string, cap: number): Promise<number> {
    const [names, companies] = await Promise.all([firstIds(byName(tenantId, text), cap), firstIds(byCompany(tenantId, text), cap)]);
    return Math.min(cap, new Set([...names, ...companies]).size);
  },
};
