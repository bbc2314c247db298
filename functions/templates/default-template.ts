import { INVENTORY_TEMPLATE_COLUMNS } from '../../shared/spreadsheets.js';

let built: Promise<Buffer> | undefined;

/** The inventory template every new shop starts with: one header row of the upload's columns, with notes. */
export function defaultTemplate(): Promise<Buffer> {
  built ??= (async () => {
    // exceljs is large: loaded when the template is first made, not when the function starts.
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    workbook.creator = 'Shop';
    const sheet = workbook.addWorksheet('Inventory', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = INVENTORY_TEMPLATE_COLUMNS.map((c) => ({ header: c.name, key: c.name, width: c.width }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    INVENTORY_TEMPLATE_COLUMNS.forEach((c, i) => {
      header.getCell(i + 1).note = c.note;
    });
    // Text, so Excel keeps an HSN code's leading zero (0401 is milk, 401 is no HSN code).
    sheet.getColumn('hsnCode').numFmt = '@';
    return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  })();
  return built;
}
