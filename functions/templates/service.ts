import type { Template } from '../../shared/schemas/template.js';
import type { UploadedFile } from '../../shared/schemas/common.js';
import {
  DEFAULT_TEMPLATE_NAME,
  UNREADABLE_SPREADSHEET,
  XLSX_TYPE,
  XLS_TYPE,
  sniffSpreadsheet,
  spreadsheetExtension,
} from '../../shared/spreadsheets.js';
import type { WriteScope } from '../lib/context.js';
import { created, nextId, putVersioned, transact, updated, type Item } from '../lib/db.js';
import { NotFound, STALE_RECORD, Validation } from '../lib/errors.js';
import { FileResponse } from '../lib/handler.js';
import { discardObjects, downloadUrl, putObject, readObject } from '../lib/storage.js';
import { defaultTemplate } from './default-template.js';
import { templateData, type StoredTemplate } from './data.js';

export const TEMPLATE_NOT_FOUND = 'Template not found.';
/** A new shop's first template, which also starts the template id sequence. */
const DEFAULT_TEMPLATE_ID = 1;

/** What the screens see: the record without its storage key, and a download URL under the template's name. */
export async function toAnswer(template: StoredTemplate): Promise<Template> {
  const { fileKey, ...shown } = template;
  return { ...shown, downloadUrl: await downloadUrl(fileKey, template.templateName) };
}

export async function findTemplate(tenantId: string, templateId: number): Promise<StoredTemplate> {
  const template = await templateData.get(tenantId, templateId);
  if (!template) throw new NotFound(TEMPLATE_NOT_FOUND);
  return template;
}

/**
 * The file must be what its name says: an .xlsx is a ZIP package that opens as a workbook, an .xls an OLE2 file
 * (exceljs reads only .xlsx, so an .xls is checked by its signature alone).
 */
async function checkSpreadsheet(file: UploadedFile): Promise<{ extension: string; contentType: string; data: Buffer }> {
  const data = Buffer.from(file.data);
  const extension = spreadsheetExtension(file.fileName);
  if (!extension || sniffSpreadsheet(data.subarray(0, 8)) !== extension) throw new Validation(UNREADABLE_SPREADSHEET);
  if (extension === '.xlsx') {
    try {
      // exceljs is large: loaded when a workbook is first checked, not when the function starts.
      const { default: Excel } = await import('exceljs');
      await new Excel.Workbook().xlsx.load(data as never);
    } catch {
      throw new Validation(UNREADABLE_SPREADSHEET);
    }
  }
  return { extension, contentType: extension === '.xlsx' ? XLSX_TYPE : XLS_TYPE, data };
}

export async function createTemplate(scope: WriteScope, file: UploadedFile): Promise<Template> {
  const { tenantId, actor, log } = scope;
  const checked = await checkSpreadsheet(file);
  const templateId = await nextId(tenantId, 'template');
  const fileKey = templateData.fileKey(tenantId, templateId, checked.extension);
  await putObject(fileKey, checked.data, checked.contentType);
  const template: StoredTemplate = {
    templateId,
    templateName: file.fileName,
    fileKey,
    contentType: checked.contentType,
    size: checked.data.length,
    version: 1,
    ...created(actor),
  };
  try {
    await putVersioned(templateData.toItem(tenantId, template), undefined);
  } catch (error) {
    await discardObjects([fileKey], log);
    throw error;
  }
  return toAnswer(template);
}

/** Replaces a template's file (the update screen); the record keeps its id and creation stamps. */
export async function replaceTemplate(scope: WriteScope, templateId: number, file: UploadedFile): Promise<Template> {
  const { tenantId, actor, log } = scope;
  const before = await findTemplate(tenantId, templateId);
  const checked = await checkSpreadsheet(file);
  const fileKey = templateData.fileKey(tenantId, templateId, checked.extension);
  await putObject(fileKey, checked.data, checked.contentType);
  const after: StoredTemplate = {
    ...before,
    templateName: file.fileName,
    fileKey,
    contentType: checked.contentType,
    size: checked.data.length,
    version: before.version + 1,
    ...updated(actor),
  };
  try {
    await putVersioned(templateData.toItem(tenantId, after), before.version, STALE_RECORD);
  } catch (error) {
    await discardObjects([fileKey], log);
    throw error;
  }
  await discardObjects([before.fileKey], log);
  return toAnswer(after);
}

export async function deleteTemplate(scope: WriteScope, templateId: number): Promise<{ templateId: number }> {
  const template = await findTemplate(scope.tenantId, templateId);
  await transact([templateData.deleteWrite(scope.tenantId, template)]);
  await discardObjects([template.fileKey], scope.log);
  return { templateId };
}

/**
 * The template the inventory upload expects: the last one uploaded or updated. A shop that deleted every template
 * still gets the built-in inventory template, so the upload screen's download always works.
 */
export async function currentTemplateFile(tenantId: string): Promise<FileResponse> {
  const template = await templateData.latest(tenantId);
  const data = template && (await readObject(template.fileKey));
  if (!template || !data) return new FileResponse(await defaultTemplate(), XLSX_TYPE, 'Template.xlsx');
  const extension = spreadsheetExtension(template.templateName) ?? '.xlsx';
  return new FileResponse(data, template.contentType, `Template${extension}`);
}

/**
 * The default template of a new shop: stores its file and answers the records to write in the shop's creation
 * transaction, and how to remove the file again if that transaction fails.
 */
export async function prepareDefaultTemplate(
  tenantId: string,
  stamps: { createdBy: string; createdOn: string },
  scope: Pick<WriteScope, 'log'>,
): Promise<{ items: Item[]; discard: () => Promise<void> }> {
  const data = await defaultTemplate();
  const templateId = DEFAULT_TEMPLATE_ID;
  const fileKey = templateData.fileKey(tenantId, templateId, '.xlsx');
  await putObject(fileKey, data, XLSX_TYPE);
  const template: StoredTemplate = {
    templateId,
    templateName: DEFAULT_TEMPLATE_NAME,
    fileKey,
    contentType: XLSX_TYPE,
    size: data.length,
    version: 1,
    ...stamps,
  };
  return { items: templateData.provisionItems(tenantId, template), discard: () => discardObjects([fileKey], scope.log) };
}

/** Undoes `prepareDefaultTemplate` for a shop whose creation is rolled back: the keys to delete, the file removed. */
export async function unprepareDefaultTemplate(tenantId: string, scope: Pick<WriteScope, 'log'>): Promise<{ pk: string; sk: string }[]> {
  const template = await templateData.get(tenantId, DEFAULT_TEMPLATE_ID);
  await discardObjects([template?.fileKey], scope.log);
  return templateData.provisionKeys(tenantId, DEFAULT_TEMPLATE_ID);
}
