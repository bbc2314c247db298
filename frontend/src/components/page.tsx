import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the title (wrapping below it on a phone). */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

/** The frame of every screen: one h1, an optional line of context, actions, then the content. */
export function Page({ title, description, actions, size = 'lg', children }: PageProps) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Box>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" mt={4}>
                {description}
              </Text>
            )}
          </Box>
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
