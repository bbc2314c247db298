import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A deep teal that reads well on receipts and screens alike, with saffron as the accent. */
const brand: MantineColorsTuple = [
  '#e6f7f6', '#cdebe9', '#9cd6d2', '#67c0ba', '#3eada6', '#25a199', '#149b92', '#02877f', '#007871', '#006862',
];
const saffron: MantineColorsTuple = [
  '#fff6e1', '#ffecca', '#ffd899', '#ffc262', '#ffaf36', '#ffa318', '#ff9d03', '#e38900', '#ca7900', '#b06700',
];

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 8 of the teal: white on it and it on white are above WCAG AA's 4.5:1 (shade 7 was 4.39:1), for buttons,
  // links and the focus of a bright shop floor alike.
  primaryShade: { light: 8, dark: 5 },
  colors: { brand, saffron },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, "Noto Sans Devanagari", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: {
      defaultProps: { radius: 'lg', centered: true },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/**
 * Dimmed text (hints, captions, footers, figures' names) in gray 7 rather than Mantine's gray 6: gray 6 is 3.3:1 on
 * white and 3.2:1 on the light panels, below WCAG AA's 4.5:1; gray 7 is above 7:1 on both.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: {},
});
