import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { LEAVE_TYPE_MESSAGES, leaveTypeForm, type LeaveType } from '../../../../../shared/schemas/leave.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useCan } from '../../../lib/use-can.js';
import { useLeaveType, useSaveLeaveType } from '../api/leave-types.js';

/** /leaveMaster/{id} (id or new): a leave type's name and days per year. */
export default function LeaveTypeFormScreen() {
  const { isNew, id } = useRecordId();
  const type = useLeaveType(id, useCan()('LeaveDelete'));
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={type.data}
      title={isNew ? 'Add Leave Type' : 'Edit Leave Type'}
      size="sm"
      notFound={LEAVE_TYPE_MESSAGES.notFound}
      anyOf={['LeaveDelete']}
      what="changing leave types"
      back="/leaveMaster"
      loading="Loading the leave type"
    >
      {(record) => <LeaveTypeEditor type={record} />}
    </RecordFormPage>
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
    <FormCard
      label={type ? 'Edit Leave Type' : 'Add Leave Type'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate('/leaveMaster')}
      saving={save.isPending}
      saveLabel={type ? 'Save' : 'Add'}
    >
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
    </FormCard>
  );
}
