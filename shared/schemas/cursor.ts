/**
 * A page cursor the server refuses: changed, of another list, or from before the server's key changed. Apart from
 * the zod schemas of common.ts so that the data layer, which every function loads, does not bring zod with it.
 */
export const BAD_CURSOR = 'This page link is no longer valid. Please go back to the first page.';
