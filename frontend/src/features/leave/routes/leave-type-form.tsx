import { Alert, Button, Center, Group, Loader, NumberInput, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { idParam } from '../../../../../shared/schemas/common.js';
import { LEAVE_TYPE_MESSAGES, leaveTypeForm, type LeaveType } from '../../../../../shared/schemas/leave.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useCan } from '../../../lib/use-can.js';
import { useLeaveType, useSaveLeaveType } from '../api/leave-types.js';

/** /leaveMaster/{id} (id or new): a leave type's name and days per year. */
export default function LeaveTypeFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const type = useLeaveType(id, useCan()('LeaveDelete'));

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: LEAVE_TYPE_MESSAGES.notFound }} />;
  return (
    <Page title={isNew ? 'Add Leave Type' : 'Edit Leave Type'} size="sm">
      <RequireFeature anyOf={['LeaveDelete']} what="changing leave types" back="/leaveMaster">
        {!isNew && !type.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the leave type" />
          </Center>
        ) : (
          <LeaveTypeEditor type={type.data} />
        )}
      </RequireFeature>
    </Page>
  );
}

function LeaveTypeEditor({ type }: { type?: LeaveType }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const onFailure = useSaveFailure(setProblem);
  const save = useSaveLeaveType(type?.leaveMasterId);
  const form = useZodForm(leaveTypeForm, {
    defaultValues: type ? { leaveType: type.leaveType, allowance: type.allowance } : { leaveType: '' },
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) =>
        void navigate('/leaveMaster', {
          state: { notice: `${type ? 'Saved' : 'Added'} ${saved.leaveType}: ${saved.allowance} days per year.` },
        }),
      onError: onFailure,
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={type ? 'Edit Leave Type' : 'Add Leave Type'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <TextField control={form.control} name="leaveType" label="Leave Type" placeholder="e.g. Casual Leave" withAsterisk maxLength={60} />
          <Controller
            control={form.control}
            name="allowance"
            render={({ field, fieldState }) => (
              <NumberInput
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                label="Days per Year"
                description="How many days of this leave each employee may take in a calendar year."
                withAsterisk
                min={0}
                max={366}
                allowDecimal={false}
                allowNegative={false}
                size="md"
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/leaveMaster')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {type ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
