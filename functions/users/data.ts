import type { AppUser } from '../../shared/schemas/auth.js';
import { getItem, query, strip, type Item } from '../lib/db.js';
import { idSk, searchKey, tenantPk } from '../lib/keys.js';

const userPk = (tenantId: string) => tenantPk(tenantId, 'USER');
const userNamePk = (tenantId: string) => tenantPk(tenantId, 'USERNAME');

export const userData = {
  toItem(tenantId: string, user: AppUser): Item {
    return {
      pk: userPk(tenantId),
      sk: idSk(user.appUserId),
      gsi1pk: userNamePk(tenantId),
      gsi1sk: searchKey(user.userName),
      entity: 'appUser',
      ...user,
    };
  },
  async byId(tenantId: string, appUserId: number): Promise<AppUser | undefined> {
    const item = await getItem<AppUser & Item>(userPk(tenantId), idSk(appUserId));
    return item ? (strip(item) as AppUser) : undefined;
  },
  async byUserName(tenantId: string, userName: string): Promise<AppUser | undefined> {
    const { items } = await query<AppUser & Item>({ index: 'gsi1', pk: userNamePk(tenantId), skBetween: [searchKey(userName), searchKey(userName)] });
    return items[0] ? (strip(items[0]) as AppUser) : undefined;
  },
};
