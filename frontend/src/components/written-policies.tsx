import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface WrittenPolicy {
  title: string;
  /** Which of a shop's policy names this text is for (the demo and most shops name them like the titles here). */
  names: RegExp;
  body: ReactNode;
}

/**
 * The shop's written terms, privacy, return and shipping policies (spec 3 section 1): the terms page shows them all,
 * and the page a footer link opens shows the one its policy name is about, above the shop's uploaded picture.
 */
export const WRITTEN_POLICIES: WrittenPolicy[] = [
  {
    title: 'Terms and Conditions',
    names: /\bterms\b|\bconditions\b/i,
    body: (
      <Text size="sm">
        By using this store you agree to these terms. Prices, stock and offers are shown as the shop keeps them and may
        change without notice. An order is confirmed once the payment succeeds.
      </Text>
    ),
  },
  {
    title: 'Privacy Policy',
    names: /\bprivacy\b/i,
    body: (
      <Text size="sm">
        Your name, e-mail, mobile number and address are used only to process your orders, deliver them and keep in
        touch about them. They are not sold or shared with anyone else.
      </Text>
    ),
  },
  {
    title: 'Return Policy',
    names: /\breturns?\b|\brefunds?\b/i,
    body: (
      <List size="sm" spacing={6}>
        <List.Item>
          Products can be returned or replaced within 2 days of delivery for a manufacturing defect or, for apparel, a
          size mismatch.
        </List.Item>
        <List.Item>The product must be unused.</List.Item>
        <List.Item>Every return goes through a quality check.</List.Item>
        <List.Item>The vendor may refuse a return that does not meet these conditions.</List.Item>
      </List>
    ),
  },
  {
    title: 'Shipping and Delivery',
    names: /\bshipping\b|\bdelivery\b/i,
    body: (
      <List size="sm" spacing={6}>
        <List.Item>Payments are accepted only in Indian Rupees (INR).</List.Item>
        <List.Item>An ID or address proof may be requested at delivery.</List.Item>
        <List.Item>Cash on delivery is allowed.</List.Item>
      </List>
    ),
  },
];

/** The written policy a shop's policy name is about, if any. */
export const writtenPolicyFor = (policyName: string) => WRITTEN_POLICIES.find((policy) => policy.names.test(policyName));
