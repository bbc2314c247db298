import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page.js';
import { useSession } from '../../../lib/session.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The static terms page (spec 3 section 1): terms, privacy, returns, shipping and the shop's contact details. */
export default function TermsScreen() {
  const tenant = useSession()?.tenant;
  return (
    <Page title="Terms & Policies" description="Please read these before you buy." size="md">
      <Section title="Terms and Conditions">
        <Text size="sm">
          By using this store you agree to these terms. Prices, stock and offers are shown as the shop keeps them and
          may change without notice. An order is confirmed once the payment succeeds.
        </Text>
      </Section>
      <Section title="Privacy Policy">
        <Text size="sm">
          Your name, e-mail, mobile number and address are used only to process your orders, deliver them and keep in
          touch about them. They are not sold or shared with anyone else.
        </Text>
      </Section>
      <Section title="Return Policy">
        <List size="sm" spacing={6}>
          <List.Item>
            Products can be returned or replaced within 2 days of delivery for a manufacturing defect or, for apparel,
            a size mismatch.
          </List.Item>
          <List.Item>The product must be unused.</List.Item>
          <List.Item>Every return goes through a quality check.</List.Item>
          <List.Item>The vendor may refuse a return that does not meet these conditions.</List.Item>
        </List>
      </Section>
      <Section title="Shipping and Delivery">
        <List size="sm" spacing={6}>
          <List.Item>Payments are accepted only in Indian Rupees (INR).</List.Item>
          <List.Item>An ID or address proof may be requested at delivery.</List.Item>
          <List.Item>Cash on delivery is allowed.</List.Item>
        </List>
      </Section>
      <Section title="Contact Us">
        {tenant ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {tenant.displayName}
            </Text>
            <Text size="sm">{tenant.address}</Text>
            {tenant.emailId && (
              <Text size="sm">
                E-mail: <Anchor href={`mailto:${tenant.emailId}`}>{tenant.emailId}</Anchor>
              </Text>
            )}
            {tenant.phone && (
              <Text size="sm">
                Mobile: <Anchor href={`tel:+91${tenant.phone}`}>{tenant.phone}</Anchor>
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm">
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>{' '}
            to see your shop’s address, e-mail and mobile number.
          </Text>
        )}
      </Section>
    </Page>
  );
}
