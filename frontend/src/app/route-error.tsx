import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router-dom';
import { DEFAULT_ERROR } from '../lib/query-client.js';

/**
 * What a screen that crashed shows instead of a blank page. A new release may have replaced the code chunks an
 * open tab still refers to, so the way out is a full reload.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Center h="100dvh" px="md">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} fz={24}>
            {DEFAULT_ERROR}
          </Title>
          {detail && (
            <Text c="dimmed" size="sm">
              {detail}
            </Text>
          )}
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
