/**
 * The rules a spreadsheet upload (template, inventory file) must meet, shared by the web app and the server.
 * Only Excel files are accepted (spec 2 section 5: '.xls or .xlsx only, required').
 */
export const SPREADSHEET_EXTENSIONS = ['.xls', '.xlsx'] as const;
/** Accept list for the file input. */
export const SPREADSHEET_ACCEPT = SPREADSHEET_EXTENSIONS.join(',');

/** Under API Gateway's and Lambda's request limits once the browser's upload is base64-encoded. */
export const MAX_SPREADSHEET_BYTES = 4 * 1024 * 1024;

export const FILE_REQUIRED = 'Please choose a file.';
export const NOT_A_SPREADSHEET = 'Please choose an Excel file (.xls or .xlsx).';
export const UNREADABLE_SPREADSHEET = 'The file is not a valid Excel file. Please check it opens in Excel and try again.';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLS_TYPE = 'application/vnd.ms-excel';

export const spreadsheetExtension = (fileName: string): '.xls' | '.xlsx' | undefined => {
  const lower = fileName.trim().toLowerCase();
  return lower.endsWith('.xlsx') ? '.xlsx' : lower.endsWith('.xls') ? '.xls' : undefined;
};

/** What is wrong with a chosen spreadsheet file, or undefined when it may be uploaded. */
export function spreadsheetProblem(file: { fileName: string; size: number } | undefined): string | undefined {
  if (!file || !file.fileName.trim()) return FILE_REQUIRED;
  if (!spreadsheetExtension(file.fileName)) return NOT_A_SPREADSHEET;
  if (file.size === 0) return UNREADABLE_SPREADSHEET;
  if (file.size > MAX_SPREADSHEET_BYTES) {
    return `The file is too large (${(file.size / (1024 * 1024)).toFixed(1)} MB). Please choose a file under ${MAX_SPREADSHEET_BYTES / (1024 * 1024)} MB.`;
  }
  return undefined;
}

/** The Excel format the first bytes prove: .xlsx is a ZIP package, .xls an OLE2 compound file. */
export function sniffSpreadsheet(head: Uint8Array): '.xls' | '.xlsx' | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return '.xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return '.xls';
  return undefined;
}

/**
 * The columns of the default inventory template, in order: the header row holds these names exactly, which the
 * inventory upload reads. The descriptions become notes on the header cells. `optional` columns came after shops
 * had filled their files: a file without them still uploads (their values are simply not given).
 */
export const INVENTORY_TEMPLATE_COLUMNS = [
  { name: 'productName', width: 28, note: 'Product name as in the product list (a new name creates the product).' },
  { name: 'category', width: 18, note: 'Category name as in the category list.' },
  { name: 'vendor', width: 20, note: 'Supplier the goods came from.' },
  { name: 'artcode', width: 14, note: "Article code: the shop's own item code." },
  {
    name: 'hsnCode',
    width: 12,
    note: 'GST HSN code of the product: 4, 6 or 8 digits (type it as text to keep a leading 0). Leave empty if not known.',
    optional: true,
  },
  { name: 'unit', width: 8, note: 'GST unit (UQC) the quantity is counted in: NOS, PCS, KGS, LTR, MTR, BOX ... Empty: NOS.', optional: true },
  { name: 'barcode', width: 16, note: 'Barcode printed on the pack.' },
  { name: 'quantity', width: 10, note: 'Units received (whole number).' },
  { name: 'cgst', width: 8, note: 'CGST rate in percent, e.g. 2.5' },
  { name: 'sgst', width: 8, note: 'SGST rate in percent, e.g. 2.5' },
  { name: 'mrp', width: 10, note: 'Maximum retail price in rupees.' },
  { name: 'buyingPrice', width: 12, note: 'Price paid per unit in rupees.' },
  { name: 'sellingPrice', width: 12, note: 'Price charged per unit in rupees.' },
  { name: 'size', width: 10, note: 'Pack size, e.g. 1 kg, 500 ml, M.' },
  { name: 'colour', width: 12, note: 'Colour, or NA.' },
  { name: 'description', width: 36, note: 'Short description shown to customers.' },
] as const;

export const DEFAULT_TEMPLATE_NAME = 'Inventory Template.xlsx';
