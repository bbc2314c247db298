import { Paper, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { dailyReportSchedule } from '../../../../../shared/report-schedule.js';
import { maySwitchReportEmails, REPORT_EMAILS_OWNER_ONLY } from '../../../../../shared/roles.js';
import { useSession } from '../../../lib/session.js';
import { errorText } from '../../../lib/query-client.js';
import { useSetReportEmails, useShop } from '../api/reports.js';

const at = `${dailyReportSchedule.hour % 12 || 12}${dailyReportSchedule.minute ? `:${String(dailyReportSchedule.minute).padStart(2, '0')}` : ''} ${dailyReportSchedule.hour < 12 ? 'am' : 'pm'}`;

/** The shop's switch for the daily report e-mail to its managers (on unless switched off); the owner's and the admin's to change. */
export function ReportEmailSwitch() {
  const session = useSession();
  const mayChange = maySwitchReportEmails(session?.roles.map((r) => r.name) ?? []);
  const shop = useShop();
  const change = useSetReportEmails();
  const [problem, setProblem] = useState<string | null>(null);
  if (!shop.data) return null;
  const on = shop.data.reportEmails ?? true;
  return (
    <Paper withBorder p="md">
      <Switch
        checked={change.isPending ? change.variables : on}
        disabled={change.isPending || !mayChange}
        onChange={(event) => {
          setProblem(null);
          change.mutate(event.currentTarget.checked, { onError: (error) => setProblem(errorText(error)) });
        }}
        label="E-mail the daily report to the shop's managers"
        description={`Every day at ${at}: the day's sales and best sellers, with the low-stock list as a PDF.`}
        error={problem}
      />
      {!mayChange && (
        <Text size="xs" c="dimmed" mt={4}>
          {REPORT_EMAILS_OWNER_ONLY}
        </Text>
      )}
      {!on && (
        <Text size="xs" c="dimmed" mt={4}>
          Switched off: no daily report is sent until it is switched on again.
        </Text>
      )}
    </Paper>
  );
}
