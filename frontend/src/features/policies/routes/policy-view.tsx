import { Alert, Button, Center, Group, Image, Loader, Paper } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { landingPath, useSession } from '../../../lib/session.js';
import { Page } from '../../../components/page.js';
import { usePolicyByName } from '../api/policies.js';

/** /policies/{policyName}: the policy a footer link names, shown as its picture (spec 2 section 2). */
export default function PolicyViewScreen() {
  const { policyName = '' } = useParams();
  const policy = usePolicyByName(policyName);
  const navigate = useNavigate();
  const home = landingPath(useSession());

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
      ) : policy.data.imageUrl ? (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
          <Image src={policy.data.imageUrl} alt={policy.data.policyName} fit="contain" mah="none" radius="md" mx="auto" maw={900} />
        </Paper>
      ) : (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          This policy has no picture yet.
        </Alert>
      )}
    </Page>
  );
}
