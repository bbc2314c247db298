/** Rows a list screen shows per page (spec); apart from common.ts's schemas so that a list can use it without zod. */
export const PAGE_SIZE = 5;

/** A prefix search counts its matches up to this (a bounded read); a prefix matching more asks the user to type more. */
export const SEARCH_COUNT_CAP = 1000;
