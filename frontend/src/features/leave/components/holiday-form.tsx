import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { holidayForm, type HolidayForm } from '../../../../../shared/schemas/holiday.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useCan } from '../../../lib/use-can.js';
import { holidayFeatures, useHoliday, useSaveHoliday, type Holiday, type HolidayKind } from '../api/holidays.js';
import { holidayScreens, weekdayOf } from './holiday-screens.js';
import { DateFormField } from '../../../components/date-field.js';

/** /publicHolidays/{id} and /companyHolidays/{id} (id or new): the date and the holiday's name. */
export function HolidayFormScreen({ kind }: { kind: HolidayKind }) {
  const text = holidayScreens[kind];
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const holiday = useHoliday(kind, id, useCan()(holidayFeatures[kind].edit));

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: text.notFound }} />;
  return (
    <Page title={`${isNew ? 'Add' : 'Edit'} ${text.one}`} size="sm">
      <RequireFeature anyOf={[holidayFeatures[kind].edit]} what={`changing ${text.title.toLowerCase()}`} back={text.path}>
        {!isNew && !holiday.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the holiday" />
          </Center>
        ) : (
          <HolidayEditor kind={kind} holiday={holiday.data} />
        )}
      </RequireFeature>
    </Page>
  );
}

function HolidayEditor({ kind, holiday }: { kind: HolidayKind; holiday?: Holiday }) {
  const text = holidayScreens[kind];
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const onFailure = useSaveFailure(setProblem);
  const save = useSaveHoliday(kind, holiday?.id);
  const form = useZodForm(holidayForm, {
    defaultValues: holiday ? { date: holiday.date, holiday: holiday.holiday } : { date: '', holiday: '' },
  });
  const listOf = (date: string) => `${text.path}?year=${date.slice(0, 4)}`;

  const submit = form.handleSubmit((values: HolidayForm) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: () =>
        void navigate(listOf(values.date), {
          state: { notice: `${holiday ? 'Saved' : 'Added'} ${values.holiday} on ${formatDate(values.date)} (${weekdayOf(values.date)}).` },
        }),
      onError: onFailure,
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={`${holiday ? 'Edit' : 'Add'} ${text.one}`}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <DateFormField control={form.control} name="date" label="Date" withAsterisk />
          <TextField control={form.control} name="holiday" label="Holiday Name" placeholder="e.g. Diwali" withAsterisk maxLength={80} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(holiday ? listOf(holiday.date) : text.path)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {holiday ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
