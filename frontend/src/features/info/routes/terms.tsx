import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page.js';
import { useSession } from '../../../lib/session.js';
import { WRITTEN_POLICIES } from '../../../components/written-policies.js';

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
      {WRITTEN_POLICIES.map((policy) => (
        <Section key={policy.title} title={policy.title}>
          {policy.body}
        </Section>
      ))}
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
