import { Alert, Button, Group, List, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { excludedHolidaysNote, indiaToday } from '../../../../../shared/leave-days.js';
import { LEAVE_MESSAGES, leaveForm, type Leave } from '../../../../../shared/schemas/leave.js';
import { useZodForm } from '../../../components/form-fields.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { isApiError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session.js';
import { useHolidayDates } from '../api/holidays.js';
import { useLeaveTypes } from '../api/leave-types.js';
import { useLeaveBalance, useLeaveDaysPreview, useLeaveOverlap, useSaveLeave } from '../api/leaves.js';
import { BalanceSummary } from './balance-summary.js';
import { checkFormDates, remainingFor, yearOfDate } from './leave-rules.js';
import { DateFormField } from '../../../components/date-field.js';

/** The form's fields; the day count is the screen's (and the server's) own, added when saving. */
const leaveFields = leaveForm.omit({ days: true });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Apply Leave (no leave) or Update Leave (the employee's own open leave), spec 3 sections 2 and 5. The days are
 * counted live with the shared rule (weekends and holidays left out) and confirmed by the server's count; every
 * message of the spec shows as soon as the dates, type or balance make it true.
 */
export function LeaveEditor({ leave }: { leave?: Leave }) {
  const session = useSession();
  const navigate = useNavigate();
  const myId = session?.user?.appUserId;
  const today = indiaToday(new Date());
  const thisYear = Number(today.slice(0, 4));
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const onFailure = useSaveFailure(setServerProblem);

  const form = useZodForm(leaveFields, {
    defaultValues: leave
      ? { leaveMasterId: leave.leaveMasterId, startDate: leave.startDate, endDate: leave.endDate, reason: leave.reason ?? '' }
      : { startDate: '', endDate: '', reason: '' },
  });
  const [start = '', end = '', typeId] = useWatch({ control: form.control, name: ['startDate', 'endDate', 'leaveMasterId'] });

  // A refusal from the last save stays until the user changes what it was about.
  useEffect(() => setServerProblem(null), [start, end, typeId]);

  const years = [...new Set([yearOfDate(start, thisYear), yearOfDate(end, thisYear)])];
  const holidays = useHolidayDates(years, session?.features ?? []);
  const check = checkFormDates(start, end, today, holidays.dates);
  const preview = useLeaveDaysPreview(start, end, check.count !== undefined);
  // The server knows every holiday, also those this user may not list; its refusal or count wins.
  const previewProblem = isApiError(preview.error, 400) ? preview.error.message : undefined;
  const dateProblem = check.problem ?? previewProblem;
  const counted = dateProblem ? undefined : preview.data ?? (check.count && {
    days: check.count.days,
    weekendDays: check.count.weekendDays,
    excludedHolidays: check.count.excludedHolidays.map((date) => ({ date, holiday: holidays.names.get(date) ?? '' })),
    message: excludedHolidaysNote(check.count),
  });

  const year = yearOfDate(start, thisYear);
  const types = useLeaveTypes();
  const balance = useLeaveBalance(myId, year);
  const typeBalance = balance.data?.find((b) => b.leaveMasterId === typeId);
  const remaining = typeBalance && typeId !== undefined ? remainingFor(typeBalance.remainingLeave, leave, typeId, year) : undefined;
  // An update may keep its own days; the server leaves the leave itself out of the overlap check.
  const overlap = useLeaveOverlap(myId, start, end, !leave && counted !== undefined);

  const problem =
    dateProblem ??
    (overlap.data ? LEAVE_MESSAGES.overlap : undefined) ??
    (counted && remaining !== undefined && counted.days > remaining ? LEAVE_MESSAGES.exceedsBalance(Math.max(0, remaining)) : undefined);

  const save = useSaveLeave(leave?.leaveSystemId);
  const submit = form.handleSubmit((values) => {
    setServerProblem(null);
    if (problem || !counted) return;
    save.mutate(
      { ...values, days: counted.days },
      {
        onSuccess: () => {
          const what = `${plural(counted.days, 'day', 'days')} of ${types.data?.find((t) => t.leaveMasterId === values.leaveMasterId)?.leaveType ?? 'leave'} from ${formatDate(values.startDate)}`;
          void navigate('/leaveSystem', { state: { notice: leave ? `Leave updated: ${what}.` : `Leave applied: ${what}. Your manager will be told.` } });
        },
        onError: onFailure,
      },
    );
  });

  const typeOptions = (types.data ?? []).map((type) => {
    const left = balance.data?.find((b) => b.leaveMasterId === type.leaveMasterId)?.remainingLeave;
    return { value: String(type.leaveMasterId), label: left === undefined ? type.leaveType : `${type.leaveType} (${left} left)` };
  });
  const shownProblem = serverProblem ?? problem;

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={leave ? 'Update Leave' : 'Apply Leave'}>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="leaveMasterId"
              render={({ field, fieldState }) => (
                <NativeSelect
                  label="Leave Type"
                  withAsterisk
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  value={field.value === undefined ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}
                  data={[{ value: '', label: 'Select leave type' }, ...typeOptions]}
                  error={fieldState.error?.message}
                  size="md"
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <DateFormField control={form.control} name="startDate" label="Start Date" withAsterisk min={today} />
              <DateFormField control={form.control} name="endDate" label="End Date" withAsterisk min={start || today} />
            </SimpleGrid>

            <div aria-live="polite">
              <Text size="sm" fw={500} id="leave-days-label">
                Days
              </Text>
              <Group gap="md" wrap="nowrap" align="center">
                <Text component="output" fz={28} fw={700} lh={1.2} miw={32} c={counted ? 'brand.8' : 'dimmed'} aria-labelledby="leave-days-label">
                  {counted ? counted.days : '–'}
                </Text>
                <Text size="sm" c="dimmed">
                  {counted
                    ? `${formatDate(start)} to ${formatDate(end)}; ${counted.weekendDays ? `${plural(counted.weekendDays, 'weekend day', 'weekend days')} not counted.` : 'no weekend days in between.'}`
                    : 'Saturdays, Sundays and holidays are not counted.'}
                </Text>
              </Group>
            </div>

            {counted?.message && (
              <Alert color="blue" icon={<IconInfoCircle size={18} />} role="status" title={counted.message}>
                <List size="sm" spacing={2}>
                  {counted.excludedHolidays.map((h) => (
                    <List.Item key={h.date}>
                      {formatDate(h.date)}
                      {h.holiday && ` – ${h.holiday}`}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {shownProblem && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {shownProblem}
              </Alert>
            )}

            <Controller
              control={form.control}
              name="reason"
              render={({ field, fieldState }) => (
                <Textarea
                  {...field}
                  value={field.value ?? ''}
                  label="Reason"
                  placeholder="Why you need the leave (optional)"
                  rows={3}
                  size="md"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate('/leaveSystem')}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {leave ? 'Update Leave' : 'Apply Leave'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <BalanceSummary title={`Your balance in ${year}`} balances={balance.data} selected={typeId} loading={balance.isPending} />
    </Stack>
  );
}
