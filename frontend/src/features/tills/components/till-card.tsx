import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a failed till request says, or the screen's own words when it says nothing. */
export const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** One step of the till's day (open, pay-in or pay-out, close, reopen): its title, a hint, the form and what went wrong. */
export function TillCard({ title, hint, problem, children }: { title: ReactNode; hint?: ReactNode; problem: string | null; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
