/** `MeenaIyer@demo.shop` -> `MeenaIyer`: the screens show customer names without the shop's domain. */
export const shownName = (customerName: string) => customerName.split('@')[0] ?? customerName;
