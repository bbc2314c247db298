import { Paper, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { dailyReportSchedule } from '../../../../../shared/report-schedule.js';
import { errorText } from '../../../lib/query-client.js';
import { useSetReportEmails, useShop } from '../api/reports.js';

const at = `${dailyReportSchedule.hour % 12 || 12}${dailyReportSchedule.minute ? `:${String(dailyReportSchedule.minute).padStart(2, '0')}` : ''} ${dailyReportSchedule.hour < 12 ? 'am' : 'pm'}`;

/** The shop's switch for the daily report e-mail to its managers (on unless switched off). */
export function ReportEmailSwitch() {
  const shop = useShop();
  const change = useSetReportEmails();
  const [problem, setProblem] = useState<string | null>(null);
  if (!shop.data) return null;
  const on = shop.data.reportEmails ?? true;
  return (
    <Paper withBorder p="md">
      <Switch
        checked={change.isPending ? change.variables : on}
        disabled={change.isPending}
        onChange={(event) => {
          setProblem(null);
          change.mutate(event.currentTarget.checked, { onError: (error) => setProblem(errorText(error)) });
        }}
        label="E-mail the daily report to the shop's managers"
        description={`Every day at ${at}: the day's sales and best sellers, with the low-stock list as a PDF.`}
        error={problem}
      />
      {!on && (
        <Text size="xs" c="dimmed" mt={4}>
          Switched off: no daily report is sent until it is switched on again.
        </Text>
      )}
    </Paper>
  );
}
