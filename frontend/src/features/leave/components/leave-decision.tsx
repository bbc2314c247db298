import { Alert, Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { leaveDecision, type Leave } from '../../../../../shared/schemas/leave.js';
import { useZodForm } from '../../../components/form-fields.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useDecideLeave, useLeaveBalance, type LeaveDecision } from '../api/leaves.js';
import { BalanceSummary } from './balance-summary.js';
import { LeaveDetails } from './leave-details.js';

/** The manager approves or rejects a reportee's open leave; the reason is mandatory for both (spec 3 section 5). */
export function LeaveDecisionForm({ leave }: { leave: Leave }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const onFailure = useSaveFailure(setProblem);
  const [deciding, setDeciding] = useState<LeaveDecision | null>(null);
  const decide = useDecideLeave(leave.leaveSystemId);
  const year = Number(leave.startDate.slice(0, 4));
  const balance = useLeaveBalance(leave.userId, year);
  const form = useZodForm(leaveDecision, { defaultValues: { reason: '' } });

  const submitAs = (decision: LeaveDecision) =>
    form.handleSubmit(({ reason }) => {
      setProblem(null);
      setDeciding(decision);
      decide.mutate(
        { decision, reason },
        {
          onSuccess: () =>
            void navigate('/leaveSystem', {
              state: {
                notice: `${decision} ${leave.userName}'s ${leave.leaveType} from ${formatDate(leave.startDate)} to ${formatDate(leave.endDate)}.`,
              },
            }),
          onError: onFailure,
        },
      );
    });

  return (
    <Stack gap="lg">
      <LeaveDetails leave={leave} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={(event) => void submitAs('Approved')(event)} noValidate aria-label="Approve or reject leave">
          <Stack gap="md">
            {problem && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {problem}
              </Alert>
            )}
            <Controller
              control={form.control}
              name="reason"
              render={({ field, fieldState }) => (
                <Textarea
                  {...field}
                  label="Reason"
                  description="Tell the employee why you approve or reject the leave."
                  withAsterisk
                  rows={3}
                  size="md"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate('/leaveSystem')}>
                Back
              </Button>
              <Button
                color="red"
                variant="light"
                loading={decide.isPending && deciding === 'Rejected'}
                disabled={decide.isPending && deciding !== 'Rejected'}
                onClick={() => void submitAs('Rejected')()}
              >
                Reject
              </Button>
              <Button
                type="submit"
                color="green"
                loading={decide.isPending && deciding === 'Approved'}
                disabled={decide.isPending && deciding !== 'Approved'}
              >
                Approve
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <BalanceSummary
        title={`${leave.userName}'s balance in ${year}`}
        balances={balance.data}
        selected={leave.leaveMasterId}
        loading={balance.isPending}
      />
    </Stack>
  );
}
