/**
 * The till's copy on this device (IndexedDB through `idb`): the stock lines it can sell, the customers it has seen
 * or listed, their accounts (terms and balance), the bills and account payments made without a network waiting to
 * be sent, and a few settings (the copy's age, the device's
 * id, the provisional number counter). Only the billing screens open it, so other screens never load `idb`.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import type { LineTax } from './provisional-receipt.js';
import type { QueuedBill } from './queue.js';

export const DEVICE_DB = 'shopdesk-till';

/** A stock line as the till sells it, kept under the shop whose token fetched it. */
export interface LocalLine extends InventorySuggestion {
  /** `tenant|productId|stockId|artcode` */
  key: string;
  tenantId: string;
  /** The product's HSN code, unit and kind of supply: what the provisional receipt prints and taxes the line by. */
  tax: LineTax;
}

export interface LocalCustomer extends Customer {
  /** `tenant|mobile` */
  key: string;
  tenantId: string;
}

/** A customer's account as the device knows it (paise): the server's at the last refresh, moved by this device since. */
export interface LocalAccount {
  /** `tenant|customerId` */
  key: string;
  tenantId: string;
  customerId: number;
  onAccount: boolean;
  creditLimit: number;
  balance: number;
}

interface TillSchema extends DBSchema {
  lines: { key: string; value: LocalLine; indexes: { byTenant: string } };
  customers: { key: string; value: LocalCustomer; indexes: { byTenant: string } };
  accounts: { key: string; value: LocalAccount; indexes: { byTenant: string } };
  bills: { key: string; value: QueuedBill; indexes: { byMadeOn: string } };
  settings: { key: string; value: unknown };
}

export type TillDb = IDBPDatabase<TillSchema>;

let opened: Promise<TillDb> | undefined;

export function tillDb(): Promise<TillDb> {
  opened ??= openDB<TillSchema>(DEVICE_DB, 3, {
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('lines', { keyPath: 'key' }).createIndex('byTenant', 'tenantId');
        db.createObjectStore('customers', { keyPath: 'key' }).createIndex('byTenant', 'tenantId');
        db.createObjectStore('bills', { keyPath: 'idempotencyKey' }).createIndex('byMadeOn', 'madeOn');
        db.createObjectStore('settings');
      }
      // Version 2: the customers' accounts, kept to bill on account offline.
      if (oldVersion < 2) db.createObjectStore('accounts', { keyPath: 'key' }).createIndex('byTenant', 'tenantId');
      // Version 3: each stock line keeps its product's HSN code, unit and kind of supply. Lines copied before do not
      // know them: they are dropped with the copy's age, so the till reads the copy again rather than guess a kind.
      if (oldVersion >= 1 && oldVersion < 3) {
        void tx.objectStore('lines').clear();
        const settings = tx.objectStore('settings');
        void settings.getAllKeys().then((keys) => Promise.all(keys.filter((key) => String(key).startsWith('copiedAt|')).map((key) => settings.delete(key))));
        void settings.get('linesVersion').then((version) => settings.put(((version as number | undefined) ?? 0) + 1, 'linesVersion'));
      }
    },
    // A tab of a newer app asks for a newer version: this one lets go, and opens the database again when next asked.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}

export async function readSetting<T>(key: string): Promise<T | undefined> {
  return (await (await tillDb()).get('settings', key)) as T | undefined;
}

export async function writeSetting(key: string, value: unknown): Promise<void> {
  await (await tillDb()).put('settings', value, key);
}
