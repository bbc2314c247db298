import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../lib/session.js';
import { PRODUCT_NAME } from './brand-mark.js';

/** Footer (spec 1 section 2): the shop's policy links separated by vertical bars, then About and terms. */
export function AppFooter() {
  const session = useSession();
  const links = [
    ...(session?.policies ?? []).map((policy) => ({
      label: policy.policyName,
      to: `/policies/${encodeURIComponent(policy.policyName)}`,
    })),
    { label: 'About', to: '/about' },
    { label: 'Terms & Contact', to: '/terms' },
  ];
  const year = new Date().getFullYear();

  return (
    <Box component="footer" bg="var(--mantine-color-body)" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg" py="md" px={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group component="nav" aria-label="Policies" gap="xs" wrap="wrap" role="navigation">
            {links.map((link, index) => (
              <Fragment key={link.to}>
                {index > 0 && (
                  <Text span size="sm" c="gray.4" aria-hidden>
                    |
                  </Text>
                )}
                <Anchor component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              </Fragment>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            © {year} {session?.tenant?.displayName ?? PRODUCT_NAME}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
