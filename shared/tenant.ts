/** The tenant of a user is the text between the @ sign and the first dot of the user name (spec 1 section 1). */
export function tenantIdFromUserName(userName: string): string | null {
  const at = userName.indexOf('@');
  if (at < 1) return null;
  const domain = userName.slice(at + 1);
  const tenant = domain.split('.')[0]?.toLowerCase() ?? '';
  return /^[a-z0-9][a-z0-9-]{1,39}$/.test(tenant) ? tenant : null;
}

/** The domain suffix of a user name (`@demo.shop`), appended to names created by that user. */
export function domainSuffix(userName: string): string {
  const at = userName.indexOf('@');
  return at < 0 ? '' : userName.slice(at).toLowerCase();
}

export const SIGN_IN_FAILED = 'User Name, Password Wrong. Please enter valid Credential';

/**
 * The stored name of an account made inside a shop (an employee's login, a customer's name): the entered name with
 * everything but letters and digits removed, plus the shop's domain suffix (spec 3 section 5, spec 2 section 5).
 * Only the text before an `@` counts, so typing another domain cannot place the account in another shop.
 * Empty when nothing usable was entered.
 */
export function accountName(entered: string, suffix: string): string {
  const cleaned = (entered.split('@')[0] ?? '').replace(/[^A-Za-z0-9]/g, '');
  return cleaned ? `${cleaned}${suffix.toLowerCase()}` : '';
}
