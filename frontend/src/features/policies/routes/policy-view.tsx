import { Alert, Button, Center, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { landingPath, useSession } from '../../../lib/session.js';
import { Page } from '../../../components/page.js';
import { writtenPolicyFor } from '../../../components/written-policies.js';
import { usePolicyByName } from '../api/policies.js';

/**
 * /policies/{policyName}: the policy a footer link names. The terms, privacy, return and shipping policies are read
 * as text, with the shop's uploaded picture of it below; any other policy is its picture (spec 2 section 2).
 */
export default function PolicyViewScreen() {
  const { policyName = '' } = useParams();
  const policy = usePolicyByName(policyName);
  const navigate = useNavigate();
  const home = landingPath(useSession());
  const written = writtenPolicyFor(policy.data?.policyName ?? policyName);

  if (policy.isError && !isApiError(policy.error, 404)) {
    return <Navigate to="/error" replace state={{ message: errorText(policy.error) }} />;
  }
  const updated = policy.data ? formatDate(policy.data.updatedOn ?? policy.data.createdOn) : '';
  return (
    <Page
      title={policy.data?.policyName ?? policyName}
      description={updated ? `Last updated ${updated}` : undefined}
      actions={
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
          Back
        </Button>
      }
    >
      {policy.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the policy" />
        </Center>
      ) : !policy.data ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          This shop has no policy named “{policyName}”. It may have been renamed or removed.
          <Group mt="sm">
            <Button size="xs" variant="default" onClick={() => void navigate(home)}>
              Home
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap="md">
          {written && (
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={written.title}>
              {written.body}
            </Paper>
          )}
          {policy.data.imageUrl ? (
            <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="figure" m={0}>
              <Image src={policy.data.imageUrl} alt={policy.data.policyName} fit="contain" mah="none" radius="md" mx="auto" maw={900} />
              {written && (
                <Text component="figcaption" size="sm" c="dimmed" ta="center" mt="xs">
                  The shop’s copy of its {policy.data.policyName}
                </Text>
              )}
            </Paper>
          ) : (
            !written && (
              <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
                This policy has no picture yet.
              </Alert>
            )
          )}
        </Stack>
      )}
    </Page>
  );
}
