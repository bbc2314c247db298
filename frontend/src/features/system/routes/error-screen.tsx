import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconHome } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_ERROR } from '../../../lib/query-client.js';
import { landingPath, useSession } from '../../../lib/session.js';

/** Error screen (spec 1 section 2): the message handed over by the screen that sent the user here. */
export default function ErrorScreen() {
  const message = (useLocation().state as { message?: string } | null)?.message || DEFAULT_ERROR;
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Center py={{ base: 'xl', sm: 80 }} px="md">
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <IconAlertTriangle size={30} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            Sorry, that did not work
          </Title>
          <Text role="alert" fz="lg">
            {message}
          </Text>
          <Group justify="center" gap="sm" mt="xs">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
              Go back
            </Button>
            <Button component={Link} to={session ? landingPath(session) : '/login'} leftSection={<IconHome size={16} />}>
              {session ? 'Home' : 'Sign in'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
