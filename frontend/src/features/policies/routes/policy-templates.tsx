import { Button, Card, Center, Group, Image, Loader, SimpleGrid, Text } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useCan } from '../../../lib/use-can.js';
import { usePolicies } from '../api/policies.js';
import { ListActions } from '../../../components/back-links.js';

/**
 * /policyTemplate (PolicyTemplate): the policies as customers see them, side by side, to check their pictures at
 * a glance. The spec names the screen but not its content; this is the gallery of the same records.
 */
export default function PolicyTemplatesScreen() {
  const edit = useCan()('PolicyEdit');
  return (
    <Page
      title="Policy Templates"
      description="Every policy as customers see it from the footer."
      actions={
        <ListActions add={{ show: edit, to: '/policy/new', label: 'Add Policy' }} />
      }
    >
      <RequireFeature anyOf={['PolicyTemplate', 'PolicyList', 'PolicyEdit']} what="the policy templates">
        <PolicyGallery edit={edit} />
      </RequireFeature>
    </Page>
  );
}

function PolicyGallery({ edit }: { edit: boolean }) {
  const policies = usePolicies();
  if (policies.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the policies" />
      </Center>
    );
  }
  if (!policies.data?.length) return <Text c="dimmed">No policies yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {policies.data.map((policy) => (
        <Card key={policy.policyId} component="article" aria-label={policy.policyName} padding="md">
          <Card.Section withBorder>
            <Image src={policy.imageUrl} alt={policy.policyName} h={200} fit="contain" bg="var(--mantine-color-gray-0)" />
          </Card.Section>
          <Text fw={600} mt="md">
            {policy.policyName}
          </Text>
          <Text size="sm" c="dimmed">
            Last updated {formatDate(policy.updatedOn ?? policy.createdOn)}
          </Text>
          <Group gap="xs" mt="md">
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={`/policies/${encodeURIComponent(policy.policyName)}`}
              leftSection={<IconEye size={14} />}
              aria-label={`View ${policy.policyName}`}
            >
              View
            </Button>
            {edit && (
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={`/policy/${policy.policyId}`}
                leftSection={<IconPencil size={14} />}
                aria-label={`Edit ${policy.policyName}`}
              >
                Edit
              </Button>
            )}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
