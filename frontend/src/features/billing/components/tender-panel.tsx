import { ActionIcon, Button, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { formatPaise } from '../../../../../shared/format.js';
import { toPaise, toRupees } from '../../../../../shared/money.js';
import type { PaymentMode } from '../../../../../shared/schemas/purchase.js';
import type { UpiPayee } from '../../../../../shared/upi.js';
import type { TenderView } from '../../../../../shared/schemas/purchase-answers.js';
import { UpiQr } from './upi-qr.js';
import { balanceOf, MAX_TENDERS, TENDER_LABELS, withRest, type Tender, type TenderMethod } from '../../../../../shared/tenders.js';

/** The methods a cashier takes at the till (Razorpay is the storefront's checkout). */
const TILL_METHODS = ['cash', 'upi', 'card', 'bank'] as const satisfies readonly TenderMethod[];
type TillMethod = (typeof TILL_METHODS)[number];
const ONLINE_METHODS = TILL_METHODS.filter((m) => m !== 'cash');
/** A part may also go on the account of a customer who may buy on account (docs/customer-credit.md). */
type PartMethod = TillMethod | 'account';
const PART_METHODS: readonly PartMethod[] = [...TILL_METHODS, 'account'];

/** What the cashier entered: parts typed with their amounts, and the method the rest of the bill is paid by. */
export interface TenderDraft {
  parts: { method: PartMethod; amount: number | string }[];
  /** Online bills name their method; a cash bill's rest is cash. */
  onlineMethod: Exclude<TillMethod, 'cash'>;
  /** The cashier saw the UPI payment arrive (a shop with a UPI ID shows its QR code until then). */
  upiReceived?: boolean;
}

export const emptyTenderDraft = (): TenderDraft => ({ parts: [], onlineMethod: 'upi' });

const isTillMethod = (m: string): m is PartMethod => (PART_METHODS as readonly string[]).includes(m);

/**
 * The draft of a saved bill's parts when it is edited: its last part of the Bill Type's mode is the rest (it takes up
 * any change of the net), the others are typed parts. A bill paid whole, or from before parts, has none typed.
 */
export function draftOfTenders(tenders: readonly TenderView[] | undefined, mode: PaymentMode): TenderDraft {
  const all = tenders ?? [];
  if (!all.length || !all.every((t) => isTillMethod(t.method))) return emptyTenderDraft();
  const rest = all.findLastIndex((t) => (mode === 'Cash' ? t.method === 'cash' : t.method !== 'cash' && t.method !== 'account'));
  if (rest === -1) return emptyTenderDraft();
  return {
    parts: all.filter((_, i) => i !== rest).map((t) => ({ method: t.method as PartMethod, amount: t.amount })),
    onlineMethod: mode === 'Online' ? (all[rest]!.method as TenderDraft['onlineMethod']) : 'upi',
  };
}

/** What the bill's UPI parts ask, in paise: the amount of its QR code. */
export const upiAmountOf = (tenders: readonly Tender[]) => tenders.filter((t) => t.method === 'upi').reduce((sum, t) => sum + t.amount, 0);

/**
 * What UPI takes at the till: the shop's payee (when its settings have a UPI ID) and the reference of the bill; or
 * Razorpay's QR code once the bill is saved (`razorpay`), whose payment confirms the UPI part by itself.
 */
export interface UpiAtTill {
  payee?: UpiPayee;
  reference: string;
  razorpay?: boolean;
}

export const UPI_BY_RAZORPAY = 'Razorpay\'s QR code for the UPI part shows when the bill is saved; it confirms itself.';

/** The reference a bill's UPI QR code asks for before the bill has its invoice number: from the bill's save key. */
export const upiReference = (saveKey: string) => `BILL-${saveKey.slice(0, 12).toUpperCase()}`;

export const UPI_NOT_CONFIRMED = 'Tick UPI received once the payment shows on the shop\'s phone.';

const typedPaise = (amount: number | string): number => {
  try {
    return amount === '' ? 0 : Math.max(toPaise(amount), 0);
  } catch {
    return 0;
  }
};

/** The bill's parts in paise: the typed ones, then the rest by the Bill Type's method. */
export function tendersOfDraft(draft: TenderDraft, mode: PaymentMode, net: number): Tender[] {
  const typed = draft.parts.map((p): Tender => ({ method: p.method, amount: typedPaise(p.amount) }));
  return withRest(net, typed, mode === 'Cash' ? 'cash' : draft.onlineMethod);
}

/**
 * What the bill sends as `tenders`: nothing for a bill paid whole in cash (as before parts), else every part in
 * rupees. Undefined parts (typed beyond the net) are the caller's to refuse with `tenderDraftProblem`.
 */
export function tendersBody(draft: TenderDraft, mode: PaymentMode, net: number, upi?: UpiAtTill) {
  if (mode === 'Cash' && !draft.parts.length) return undefined;
  return tendersOfDraft(draft, mode, net).map((t) => ({
    method: t.method as TenderMethod,
    amount: toRupees(t.amount),
    // A UPI part paid by the shop's QR code carries the reference the QR asked for, to match it in the bank's list;
    // one paid by Razorpay's QR code is saved to be confirmed, and its payment confirms it.
    ...(t.method === 'upi' && upi?.razorpay ? { pending: true } : t.method === 'upi' && upi?.payee ? { reference: upi.reference } : {}),
  }));
}

/** Why the typed parts cannot be saved: more than the bill, or a part with no amount. */
export function tenderDraftProblem(draft: TenderDraft, net: number, mode?: PaymentMode, upi?: UpiAtTill): string | undefined {
  const typed = draft.parts.map((p) => typedPaise(p.amount));
  if (typed.some((a) => a <= 0)) return 'Enter the amount of each part, or remove it.';
  const rest = balanceOf(net, typed.map((amount) => ({ amount })));
  if (rest < 0) return `The parts are ${formatPaise(-rest)} more than the Net Amount ${formatPaise(net)}.`;
  if (mode && upi?.payee && !upi.razorpay && !draft.upiReceived && upiAmountOf(tendersOfDraft(draft, mode, net)) > 0) return UPI_NOT_CONFIRMED;
  return undefined;
}

/**
 * How the customer pays the Net Amount (docs/point-of-sale.md, "Payments"): an Online bill names its method (UPI,
 * card, bank transfer); "Add part" splits the bill ("₹500 cash, the rest on UPI"), the rest always going to the
 * Bill Type's method, so the parts add up to the net to the paisa.
 */
export function TenderPanel({
  mode,
  net,
  draft,
  onChange,
  upi,
  onAccount,
}: {
  mode: PaymentMode;
  net: number;
  draft: TenderDraft;
  onChange: (draft: TenderDraft) => void;
  upi?: UpiAtTill;
  /** The customer may buy on account: a part may be "On account". */
  onAccount?: boolean;
}) {
  const tenders = tendersOfDraft(draft, mode, net);
  const rest = tenders.length > draft.parts.length ? tenders[tenders.length - 1]! : undefined;
  const problem = tenderDraftProblem(draft, net);
  const upiAmount = upiAmountOf(tenders);
  const setPart = (i: number, change: Partial<TenderDraft['parts'][number]>) =>
    onChange({ ...draft, upiReceived: false, parts: draft.parts.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  return (
    <Stack gap="xs" data-tender-panel>
      {mode === 'Online' && (
        <Group gap="sm">
          <Text size="sm">Paid by</Text>
          <SegmentedControl
            aria-label="Online method"
            size="xs"
            value={draft.onlineMethod}
            onChange={(v) => onChange({ ...draft, upiReceived: false, onlineMethod: v as TenderDraft['onlineMethod'] })}
            data={ONLINE_METHODS.map((m) => ({ value: m, label: TENDER_LABELS[m] }))}
          />
        </Group>
      )}
      {draft.parts.map((part, i) => (
        <Group key={i} gap="xs" align="flex-end">
          <Select
            label={`Part ${i + 1}`}
            aria-label={`Part ${i + 1} method`}
            w={150}
            allowDeselect={false}
            value={part.method}
            onChange={(v) => v && setPart(i, { method: v as PartMethod })}
            data={(onAccount || part.method === 'account' ? PART_METHODS : TILL_METHODS).map((m) => ({ value: m, label: TENDER_LABELS[m] }))}
          />
          <NumberInput
            aria-label={`Part ${i + 1} amount`}
            w={140}
            min={0}
            decimalScale={2}
            prefix="₹"
            value={part.amount}
            onChange={(v) => setPart(i, { amount: v })}
          />
          <ActionIcon variant="subtle" color="gray" aria-label={`Remove part ${i + 1}`} onClick={() => onChange({ ...draft, upiReceived: false, parts: draft.parts.filter((_, j) => j !== i) })}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={draft.parts.length >= MAX_TENDERS - 1}
          onClick={() => onChange({ ...draft, upiReceived: false, parts: [...draft.parts, { method: mode === 'Cash' ? 'upi' : 'cash', amount: '' }] })}
        >
          Add part
        </Button>
        {draft.parts.length > 0 && !problem && (
          <Text size="sm" data-tender-rest>
            {rest ? `Rest ${formatPaise(rest.amount)} by ${TENDER_LABELS[rest.method]}` : 'The parts pay the whole bill'}
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Group>
      {!problem && upiAmount > 0 && upi?.razorpay && (
        <Text size="sm" data-upi-razorpay>
          UPI {formatPaise(upiAmount)}: {UPI_BY_RAZORPAY}
        </Text>
      )}
      {!problem && upiAmount > 0 && upi?.payee && !upi.razorpay && (
        <Group gap="lg" align="center">
          <UpiQr payee={upi.payee} amount={upiAmount} reference={upi.reference} />
          <Checkbox
            label={`UPI ${formatPaise(upiAmount)} received`}
            checked={Boolean(draft.upiReceived)}
            onChange={(e) => onChange({ ...draft, upiReceived: e.currentTarget.checked })}
          />
        </Group>
      )}
    </Stack>
  );
}
