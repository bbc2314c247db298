import * as z from 'zod';
import { customer } from './customer.js';

/**
 * What the server answers about customers.
 *
 * The route table declares answers as types (`answer<typeof …>()`) and nothing parses them at runtime, so a
 * function's start and a page's scripts never build these schemas. customer.ts holds the request schemas a function
 * must build and re-exports these as types.
 */

/** `GET /customer/validate/{mobile}`: the customer, or the text 'False' when no customer has that mobile (spec 2). */
export const customerOrFalse = z.union([customer, z.literal('False')]);
