import { assetsLayout } from '../../shared/assets.js';

/**
 * The one place key strings are spelled. Domain data modules call these to build `pk`, `sk` and index keys;
 * handlers and services never write key strings.
 */
export const tenantPk = (tenantId: string, ...parts: (string | number)[]) => ['T', tenantId, ...parts].join('#');

/** Zero-padded numeric ids sort in number order inside a partition. */
export const idSk = (id: number) => String(id).padStart(12, '0');

/** Lower-case, single-spaced text for prefix search keys. */
export const searchKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export const TENANT_DIRECTORY = 'TENANTS';

/** The partition of a shop's audit records (`T#<tenantId>#AUDIT`), which IAM lets functions only add to. */
export const AUDIT_PARTITION = 'AUDIT';

/** S3 object keys of a tenant's files (images, templates) all start with `t/<tenantId>/`, which IAM fences. */
export const tenantObjectKey = (tenantId: string, ...parts: string[]) => [assetsLayout.tenantPrefix, tenantId, ...parts].join('/');

/** S3 keys of a tenant's files kept only until a save uses them (`tmp/<tenantId>/`); the bucket expires them. */
export const tenantScratchKey = (tenantId: string, ...parts: string[]) => [assetsLayout.scratchPrefix, tenantId, ...parts].join('/');

/** The claim on a value that must be unique in a tenant (`kind` = what it is, e.g. USERNAME or CUSTOMER_MOBILE). */
export const uniqueKey = (tenantId: string, kind: string, value: string) => ({ pk: tenantPk(tenantId, 'UNIQUE', kind), sk: searchKey(value) });

/**
 * A shop's count of one kind of record (`product`, `customer`, `category`, `partner`, ...): one item in the shop's
 * `COUNTER` partition, raised and lowered in the same transactions that create and delete the records.
 */
export const counterKey = (tenantId: string, counted: string) => ({ pk: tenantPk(tenantId, 'COUNTER'), sk: counted });

/** A counter of tries (sign-in, reset codes, sign-ups) by one user name or one client address in a tenant. */
export const limitKey = (tenantId: string, counter: string, subject: string) => ({ pk: tenantPk(tenantId, 'LIMIT'), sk: `${counter}#${searchKey(subject)}` });

/**
 * The word index of one kind of named record (`PRODUCT`, `CATEGORY`): an item per word of a record's name, sorted by
 * the name from that word on (`shared/words.ts` nameTails), then the record's id.
 */
export const wordPk = (tenantId: string, kind: string) => tenantPk(tenantId, 'WORD', kind);
export const wordKey = (tenantId: string, kind: string, tail: string, id: number) => ({ pk: wordPk(tenantId, kind), sk: `${tail}#${idSk(id)}` });

/** The mark of a one-time data upgrade done in a shop (e.g. `words#1`), so the upgrade runs it once. */
export const upgradeStepKey = (tenantId: string, step: string) => ({ pk: tenantPk(tenantId, 'UPGRADE'), sk: step });

/**
 * A UPI payment a till QR code received but did not count (a wrong amount, a second payment): one item per payment id
 * in the shop's `UPI_UNCOUNTED` partition, joined newest first on gsi1 (`<at>#<paymentId>`), for the owner's refunds.
 */
export const uncountedUpiKey = (tenantId: string, paymentId: string) => ({ pk: tenantPk(tenantId, 'UPI_UNCOUNTED'), sk: paymentId });
export const uncountedUpiByTimePk = (tenantId: string) => tenantPk(tenantId, 'UPI_UNCOUNTED_BY_TIME');
export const uncountedUpiByTime = (tenantId: string, at: string, paymentId: string) => ({ gsi1pk: uncountedUpiByTimePk(tenantId), gsi1sk: `${at}#${paymentId}` });
