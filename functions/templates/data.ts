import { randomUUID } from 'node:crypto';
import type { Template } from '../../shared/schemas/template.js';
import { getItem, query, queryAll, strip, tableName, type Item, type TransactItem } from '../lib/db.js';
import { idSk, tenantObjectKey, tenantPk } from '../lib/keys.js';

/**
 * Spreadsheet templates: a record per template, its file in S3 under the tenant's prefix. An index by the time of
 * the last upload finds the current template (the one `GET /template/get` downloads) with one query.
 */
const templatePk = (tenantId: string) => tenantPk(tenantId, 'TEMPLATE');
const byTimePk = (tenantId: string) => tenantPk(tenantId, 'TEMPLATE_BY_TIME');

export type StoredTemplate = Template & { fileKey: string; contentType: string; size: number; version: number };
const toTemplate = (item: Record<string, unknown>) => strip(item as Item) as StoredTemplate;

export const templateData = {
  toItem(tenantId: string, template: StoredTemplate): Item {
    return {
      pk: templatePk(tenantId),
      sk: idSk(template.templateId),
      gsi1pk: byTimePk(tenantId),
      gsi1sk: `${template.updatedOn ?? template.createdOn ?? ''}#${idSk(template.templateId)}`,
      entity: 'template',
      ...template,
    };
  },

  /** A new object key for a template's file; a replaced file gets a new key, so a download never mixes versions. */
  fileKey: (tenantId: string, templateId: number, extension: string) =>
    tenantObjectKey(tenantId, 'templates', `${templateId}-${randomUUID()}${extension}`),

  async get(tenantId: string, templateId: number): Promise<StoredTemplate | undefined> {
    const item = await getItem(templatePk(tenantId), idSk(templateId));
    return item ? toTemplate(item) : undefined;
  },

  /** A shop keeps a few templates. */
  async all(tenantId: string): Promise<StoredTemplate[]> {
    return (await queryAll({ pk: templatePk(tenantId) })).map(toTemplate);
  },

  async latest(tenantId: string): Promise<StoredTemplate | undefined> {
    const { items } = await query({ index: 'gsi1', pk: byTimePk(tenantId), descending: true, limit: 1 });
    return items[0] ? toTemplate(items[0]) : undefined;
  },

  deleteWrite(tenantId: string, template: StoredTemplate): TransactItem {
    return {
      Delete: {
        TableName: tableName(),
        Key: { pk: templatePk(tenantId), sk: idSk(template.templateId) },
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': template.version },
      },
    };
  },

  /** The writes of a new shop's first template: its record and the template id sequence, which it starts. */
  provisionItems(tenantId: string, template: StoredTemplate): Item[] {
    return [this.toItem(tenantId, template), { ...this.provisionKeys(tenantId, template.templateId)[1]!, value: template.templateId }];
  },

  provisionKeys(tenantId: string, templateId: number): { pk: string; sk: string }[] {
    return [
      { pk: templatePk(tenantId), sk: idSk(templateId) },
      { pk: tenantPk(tenantId, 'SEQ'), sk: 'template' },
    ];
  },
};
