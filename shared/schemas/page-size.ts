/** Rows a list screen shows per page (spec); apart from common.ts's schemas so that a list can use it without zod. */
export const PAGE_SIZE = 5;
