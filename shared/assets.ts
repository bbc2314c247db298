/**
 * Layout of the private assets bucket, shared by the functions (`functions/lib/keys.ts`) and the CDK (IAM and the
 * lifecycle rule), so both always agree.
 */
export const assetsLayout = {
  /** A tenant's kept files: `t/<tenantId>/…` (images, templates, receipts). */
  tenantPrefix: 't',
  /**
   * Files kept only until a save uses them: `tmp/<tenantId>/…` (pictures the browser uploaded before saving the
   * record, staged spreadsheet rows). A save copies what it keeps under the tenant prefix; whatever is left behind
   * (a form abandoned after the upload, an upload never saved) expires after `scratchDays`.
   */
  scratchPrefix: 'tmp',
  scratchDays: 3,
} as const;
