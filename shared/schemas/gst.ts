import * as z from 'zod';
import { DEFAULT_UNIT, GSTIN_MESSAGES, HSN_FORMAT, HSN_MESSAGE, STATE_CODES, TAXABILITIES, UNIT_CODES, UNIT_MESSAGE, gstinProblem, gstinState, stateLabel } from '../gst.js';
import { lazySchema } from '../lazy.js';

/**
 * The GST fields as every form and route validates them (shared/gst.ts has the rules): a GSTIN with its check
 * character, an HSN code, a GST unit (UQC) and a state code. Text is trimmed and upper-cased first, so what a
 * cashier types in lower case is accepted and stored the way invoices print it.
 */

export const gstinSchema = lazySchema(() => z
  .string({ error: GSTIN_MESSAGES.format })
  .trim()
  .toUpperCase()
  .superRefine((gstin, ctx) => {
    const problem = gstinProblem(gstin);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  }));

/**
 * A shop's GSTIN as its forms take it: empty for a shop not registered for GST (stateOfGstin in the tenant schema
 * says when it is required), otherwise checked like any GSTIN.
 */
export const shopGstinSchema = lazySchema(() => z
  .string({ error: GSTIN_MESSAGES.format })
  .trim()
  .toUpperCase()
  .superRefine((gstin, ctx) => {
    const problem = gstin ? gstinProblem(gstin) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  }));

export const hsnSchema = lazySchema(() => z.string({ error: HSN_MESSAGE }).trim().regex(HSN_FORMAT, HSN_MESSAGE));

export const STATE_MESSAGE = 'Choose a state from the list.';
export const stateCodeSchema = lazySchema(() => z
  .string({ error: STATE_MESSAGE })
  .trim()
  .pipe(z.enum(STATE_CODES, { error: STATE_MESSAGE })));

export const unitSchema = lazySchema(() => z
  .string({ error: UNIT_MESSAGE })
  .trim()
  .toUpperCase()
  .pipe(z.enum(UNIT_CODES, { error: UNIT_MESSAGE })));


/** A field that may be left empty: blank text (or null) counts as not given. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), schema.optional());

export const optionalGstin = lazySchema(() => blankAsAbsent(gstinSchema));
export const optionalState = lazySchema(() => blankAsAbsent(stateCodeSchema));

/** A party with a GSTIN is in the GSTIN's state (GSTINs are issued per state). */
export function stateMatchesGstin(party: { gstin?: string; state?: string }, ctx: z.RefinementCtx, path = 'state') {
  if (party.gstin && party.state && party.state !== gstinState(party.gstin)) {
    ctx.addIssue({ code: 'custom', path: [path], message: `This GSTIN is registered in ${stateLabel(gstinState(party.gstin))}: choose that state.` });
  }
}

/** An HSN code as typed: blank means "not known yet". */
export const optionalHsn = lazySchema(() => blankAsAbsent(hsnSchema));
/** A GST unit as chosen: blank means the default, `NOS`. */
export const unitOrDefault = lazySchema(() => blankAsAbsent(unitSchema).transform((unit) => unit ?? DEFAULT_UNIT));

/** A product's kind of supply (shared/gst.ts): left out, a 0 % good is nil-rated. */
export const optionalTaxability = lazySchema(() => blankAsAbsent(z.enum(TAXABILITIES, { error: 'Choose taxable, nil-rated, exempt or non-GST.' })));
