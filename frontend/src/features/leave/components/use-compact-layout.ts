import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (768 px) the lists fold each row into one column beside its buttons, so the
 * status and the actions stay in sight instead of scrolling off to the side.
 */
export const useCompactLayout = () => useMediaQuery('(max-width: 47.99em)') ?? false;
