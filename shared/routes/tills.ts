import * as z from 'zod';
import { pageQuery } from '../schemas/common.js';
import { monthYearParams } from '../schemas/purchase-rows.js';
import { cashMoveBody, closeTillBody, openTillBody, reopenTillBody, tillPrintQuery, tillSessionParams, type tillMonth, type tillSession } from '../schemas/till.js';
import { answer, route, type FileAnswer } from './define.js';

/** A cashier (the feature that lets one bill) opens, moves cash in and closes their own session. */
const CASHIER = 'PurchaseEdit' as const;
/** The owner sees every close and alone may reopen one. */
const OWNER = 'TillCloses' as const;

/**
 * Till sessions and the day's close (docs/point-of-sale.md, "The day's close"): one open session per till and per
 * cashier; bills and returns made by the cashier while it is open move its cash in their own transactions.
 */
export const tillRoutes = {
  current: route({
    method: 'GET',
    path: '/till/session/current',
    access: CASHIER,
    summary: "The caller's open till session with its expected cash and pay-ins and pay-outs, or null when none is open",
    response: answer<z.ZodNullable<typeof tillSession>>(),
  }),
  open: route({
    method: 'POST',
    path: '/till/session/open',
    access: CASHIER,
    summary: 'Open a till with its opening float; one open session per till and per cashier; a repeat of `key` answers the same session',
    body: openTillBody,
    response: answer<typeof tillSession>(),
  }),
  byId: route({
    method: 'GET',
    path: '/till/session/{id}',
    access: [CASHIER, OWNER],
    summary: 'A till session with its moves and close; a cashier sees only their own',
    params: tillSessionParams,
    response: answer<typeof tillSession>(),
  }),
  move: route({
    method: 'POST',
    path: '/till/session/{id}/move',
    access: CASHIER,
    summary: "A pay-in or pay-out of the caller's open session, with its reason; a pay-out with `expenseName` is also an expense paid in cash",
    params: tillSessionParams,
    body: cashMoveBody,
    response: answer<typeof tillSession>(),
  }),
  close: route({
    method: 'POST',
    path: '/till/session/{id}/close',
    access: CASHIER,
    summary: "Close the caller's open session with the drawer counted by denomination; over or short needs a reason; mailed to the owner",
    params: tillSessionParams,
    body: closeTillBody,
    response: answer<typeof tillSession>(),
  }),
  reopen: route({
    method: 'POST',
    path: '/till/session/{id}/reopen',
    access: OWNER,
    summary: 'The owner reopens a closed session, with a reason; it leaves the month’s totals until closed again',
    params: tillSessionParams,
    body: reopenTillBody,
    response: answer<typeof tillSession>(),
  }),
  print: route({
    method: 'GET',
    path: '/till/session/{id}/pdf',
    access: [CASHIER, OWNER],
    summary: 'The close as Till_Close_<till>_<d>_<m>_<y>.pdf, A4 or (`?size=roll`) the 80 mm roll',
    params: tillSessionParams,
    query: tillPrintQuery,
    response: answer<FileAnswer>(),
  }),
  closes: route({
    method: 'GET',
    path: '/till/closes/{month}/{year}',
    access: OWNER,
    summary: "A page of the month's closes, newest first (`X-Next-Page` cursor)",
    params: monthYearParams,
    query: pageQuery,
    response: answer<z.ZodArray<typeof tillSession>>(),
  }),
  month: route({
    method: 'GET',
    path: '/till/closes/{month}/{year}/cashiers',
    access: OWNER,
    summary: "The month's closes per cashier with their shorts and overs totalled, from maintained totals",
    params: monthYearParams,
    response: answer<typeof tillMonth>(),
  }),
} as const;
