import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { idParam } from '../../../../../shared/schemas/common.js';
import { Page } from '../../../components/page.js';
import { useSession } from '../../../lib/session.js';
import { useLeave } from '../api/leaves.js';
import { LeaveDecisionForm } from '../components/leave-decision.js';
import { LeaveDetails } from '../components/leave-details.js';
import { LeaveEditor } from '../components/leave-editor.js';
import { leaveFormMode } from '../components/leave-rules.js';
import { useCan } from '../components/screen-hooks.js';
import { LeaveStatusBadge } from '../components/status-badge.js';

const titles = { apply: 'Apply Leave', update: 'Update Leave', approve: 'Approve Leave', view: 'Leave Details' } as const;

/** /leaveSystem/{id} (id or new): Apply, Update or Approve Leave, or a locked leave to look at (spec 3 section 2). */
export default function LeaveFormScreen() {
  const { id: rawId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const can = useCan();
  const isNew = rawId === 'new';
  const parsedId = idParam.safeParse(rawId);
  const id = !isNew && parsedId.success ? parsedId.data : undefined;
  const leave = useLeave(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Leave not found.' }} />;
  if (!isNew && !leave.data) {
    return (
      <Page title="Leave">
        <Center py="xl">
          <Loader aria-label="Loading the leave" />
        </Center>
      </Page>
    );
  }

  const mode = leaveFormMode(leave.data, session?.user?.appUserId, can('LeaveEdit'));
  const back = (
    <Button variant="default" onClick={() => void navigate('/leaveSystem')}>
      Back
    </Button>
  );

  return (
    <Page
      title={titles[mode]}
      size="md"
      description={
        mode === 'apply' ? (
          'Choose the leave type and the days; Saturdays, Sundays and holidays are not counted.'
        ) : mode === 'update' && leave.data ? (
          <Group component="span" gap={6}>
            Status <LeaveStatusBadge status={leave.data.status} />
          </Group>
        ) : undefined
      }
    >
      {mode === 'apply' || mode === 'update' ? (
        <LeaveEditor leave={leave.data} />
      ) : mode === 'approve' ? (
        <LeaveDecisionForm leave={leave.data!} />
      ) : leave.data ? (
        <Stack gap="lg">
          <LeaveDetails leave={leave.data} />
          <Group justify="flex-end">{back}</Group>
        </Stack>
      ) : (
        <Stack gap="lg">
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            Your role does not include applying for leave. Ask your shop administrator if you need it.
          </Alert>
          <Group justify="flex-end">{back}</Group>
        </Stack>
      )}
    </Page>
  );
}
