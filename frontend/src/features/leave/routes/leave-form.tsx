import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { idParam } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { useLeave } from '../api/leaves.js';
import { LeaveApprover } from '../components/leave-approver.js';
import { LeaveDecisionForm } from '../components/leave-decision.js';
import { LeaveDetails } from '../components/leave-details.js';
import { LeaveEditor } from '../components/leave-editor.js';
import { leaveFormMode } from '../components/leave-rules.js';
import { LeaveStatusBadge } from '../components/status-badge.js';

const titles = { update: 'Update Leave', approve: 'Approve Leave', view: 'Leave Details' } as const;

/** /leaveSystem/{id} (id or new): Apply, Update or Approve Leave, or a locked leave to look at (spec 3 section 2). */
export default function LeaveFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsedId = idParam.safeParse(rawId);
  const id = !isNew && parsedId.success ? parsedId.data : undefined;

  if (isNew) {
    return (
      <Page title="Apply Leave" size="md" description="Choose the leave type and the days; Saturdays, Sundays and holidays are not counted.">
        <RequireFeature anyOf={['LeaveEdit']} what="applying for leave" back="/leaveSystem">
          <LeaveApprover>
            <LeaveEditor />
          </LeaveApprover>
        </RequireFeature>
      </Page>
    );
  }
  if (id === undefined) return <Navigate to="/error" replace state={{ message: 'Leave not found.' }} />;
  return <ExistingLeave id={id} />;
}

/** An applied leave: its employee updates it while open, its manager decides it, anyone else who may read it looks. */
function ExistingLeave({ id }: { id: number }) {
  const navigate = useNavigate();
  const session = useSession();
  const can = useCan();
  const leave = useLeave(id, can('LeaveList'));

  if (!leave.data) {
    return (
      <Page title="Leave" size="md">
        <RequireFeature anyOf={['LeaveList']} what="the leave list" back="/home">
          <Center py="xl">
            <Loader aria-label="Loading the leave" />
          </Center>
        </RequireFeature>
      </Page>
    );
  }

  const mode = leaveFormMode(leave.data, session?.user?.appUserId, can('LeaveEdit'));
  return (
    <Page
      title={titles[mode]}
      size="md"
      description={
        mode === 'update' ? (
          <Group component="span" gap={6}>
            Status <LeaveStatusBadge status={leave.data.status} />
          </Group>
        ) : undefined
      }
    >
      {mode === 'update' ? (
        <LeaveEditor leave={leave.data} />
      ) : mode === 'approve' ? (
        <LeaveDecisionForm leave={leave.data} />
      ) : (
        <Stack gap="lg">
          <LeaveDetails leave={leave.data} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate('/leaveSystem')}>
              Back
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
