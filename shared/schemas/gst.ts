import { z } from 'zod';
import { GSTIN_MESSAGES, HSN_FORMAT, HSN_MESSAGE, STATE_CODES, UNIT_CODES, UNIT_MESSAGE, gstinProblem } from '../gst.js';

/**
 * The GST fields as every form and route validates them (shared/gst.ts has the rules): a GSTIN with its check
 * character, an HSN code, a GST unit (UQC) and a state code. Text is trimmed and upper-cased first, so what a
 * cashier types in lower case is accepted and stored the way invoices print it.
 */

export const gstinSchema = z
  .string({ error: GSTIN_MESSAGES.format })
  .trim()
  .toUpperCase()
  .superRefine((gstin, ctx) => {
    const problem = gstinProblem(gstin);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  });

export const hsnSchema = z.string({ error: HSN_MESSAGE }).trim().regex(HSN_FORMAT, HSN_MESSAGE);

export const STATE_MESSAGE = 'Choose a state from the list.';
export const stateCodeSchema = z
  .string({ error: STATE_MESSAGE })
  .trim()
  .pipe(z.enum(STATE_CODES, { error: STATE_MESSAGE }));

export const unitSchema = z
  .string({ error: UNIT_MESSAGE })
  .trim()
  .toUpperCase()
  .pipe(z.enum(UNIT_CODES, { error: UNIT_MESSAGE }));

