import * as z from 'zod';
import { accountPaymentBody, accountSettingsBody, approvalBody, receivablesQuery, remindAllBody, statementQuery, writeOffBody } from '../schemas/account.js';
import type { accountTerms, accountView, approval, ledgerEntry, receivables, reminder, reminders, totalDue } from '../schemas/account-answers.js';
import { idParam, pageQuery } from '../schemas/common.js';
import { answer, route } from './define.js';

const byCustomerId = z.object({ customerId: idParam });

/**
 * Customer credit (docs/customer-credit.md). The shop's terms and write-offs are the owner's and manager's; the till
 * reads the balance and takes payments against it.
 */
export const accountRoutes = {
  receivables: route({
    method: 'GET',
    path: '/accounts/receivables',
    access: 'CustomerCredit',
    summary: 'Who owes what, aged 0–30, 31–60, 61–90 and 90+ days by their unpaid bills (oldest paid first), the totals and the customers over their limit',
    query: receivablesQuery,
    response: answer<typeof receivables>(),
  }),
  totalDue: route({
    method: 'GET',
    path: '/accounts/totalDue',
    access: ['CustomerCredit', 'ReportList'],
    summary: "What all the shop's customers owe (the dashboard's total due): one counter read",
    response: answer<typeof totalDue>(),
  }),
  terms: route({
    method: 'GET',
    path: '/accounts/terms',
    access: ['CustomerCredit', 'PurchaseEdit'],
    summary: "A page of the shop's accounts with their terms and balance (the till's copy for billing on account offline; X-Next-Page carries the cursor)",
    query: pageQuery,
    response: answer<z.ZodArray<typeof accountTerms>>(),
  }),
  remindAll: route({
    method: 'POST',
    path: '/accounts/remind',
    access: 'CustomerCredit',
    summary: 'Remind on WhatsApp every customer whose oldest unpaid bill is at least `minAge` days old (each at most once in 7 days)',
    body: remindAllBody,
    response: answer<typeof reminders>(),
  }),
  remind: route({
    method: 'POST',
    path: '/account/{customerId}/remind',
    access: 'CustomerCredit',
    summary: 'Remind the customer on WhatsApp of the balance, the oldest unpaid bill and a UPI link for the exact amount (at most once in 7 days)',
    params: byCustomerId,
    response: answer<typeof reminder>(),
  }),
  get: route({
    method: 'GET',
    path: '/account/{customerId}',
    access: ['CustomerCredit', 'CustomerView', 'PurchaseEdit'],
    summary: "A customer's account: may they buy on account, the limit and what they owe",
    params: byCustomerId,
    response: answer<typeof accountView>(),
  }),
  settings: route({
    method: 'PUT',
    path: '/account/{customerId}',
    access: 'CustomerCredit',
    summary: 'Let a customer buy on account (or stop it) and set the credit limit',
    params: byCustomerId,
    body: accountSettingsBody,
    response: answer<typeof accountView>(),
  }),
  entries: route({
    method: 'GET',
    path: '/account/{customerId}/entries',
    access: ['CustomerCredit', 'CustomerView'],
    summary: "A page of the customer's ledger, newest first, each entry with the balance after it (X-Next-Page carries the cursor)",
    params: byCustomerId,
    query: pageQuery,
    response: answer<z.ZodArray<typeof ledgerEntry>>(),
  }),
  statement: route({
    method: 'GET',
    path: '/account/{customerId}/statement',
    access: ['CustomerCredit', 'CustomerView'],
    summary: "A customer's statement of a period (opening balance, every entry, closing balance) as an A4 PDF or an Excel workbook (`?from&to&format=pdf|xlsx`)",
    params: byCustomerId,
    query: statementQuery,
    response: answer<z.ZodUnknown>(),
  }),
  payment: route({
    method: 'POST',
    path: '/account/{customerId}/payment',
    access: ['CustomerCredit', 'PurchaseEdit'],
    summary: 'Receive a payment against the balance (cash, UPI, card, bank transfer; split allowed), answered with its receipt entry',
    params: byCustomerId,
    body: accountPaymentBody,
    response: answer<typeof ledgerEntry>(),
  }),
  writeOff: route({
    method: 'POST',
    path: '/account/{customerId}/writeOff',
    access: 'CreditWriteOff',
    summary: "Write off part or all of a customer's dues, with the reason (the owner only)",
    params: byCustomerId,
    body: writeOffBody,
    response: answer<typeof ledgerEntry>(),
  }),
  approve: route({
    method: 'POST',
    path: '/account/{customerId}/approval',
    access: 'CustomerCredit',
    summary: 'A manager approves one bill over the credit limit: a 6-digit code the till enters, good for 15 minutes',
    params: byCustomerId,
    body: approvalBody,
    response: answer<typeof approval>(),
  }),
};
