import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../../../shared/format.js';
import type { Leave } from '../../../../../shared/schemas/leave.js';
import { LeaveStatusBadge } from './status-badge.js';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3} component="dt">
        {label}
      </Text>
      <Text size="sm" fw={500} component="dd" m={0} style={{ overflowWrap: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/** A user name that may wrap before its '@' on a phone rather than in the middle of a word. */
function UserName({ name }: { name: string }) {
  const at = name.indexOf('@');
  if (at <= 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <wbr />
      {name.slice(at)}
    </>
  );
}

/** A leave as the manager deciding it, or anyone looking at a locked one, sees it. */
export function LeaveDetails({ leave }: { leave: Leave }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" m={0}>
          <Detail label="Employee">
            <UserName name={leave.userName} />
          </Detail>
          <Detail label="Leave Type">{leave.leaveType}</Detail>
          <Detail label="Status">
            <LeaveStatusBadge status={leave.status} />
          </Detail>
          <Detail label="Start Date">{formatDate(leave.startDate)}</Detail>
          <Detail label="End Date">{formatDate(leave.endDate)}</Detail>
          <Detail label="Days">{leave.days}</Detail>
          <Detail label="Manager">{leave.managerName ? <UserName name={leave.managerName} /> : '—'}</Detail>
          <Detail label="Applied On">{formatDateTime(leave.createdOn) || '—'}</Detail>
          <Detail label="Last Updated">{formatDateTime(leave.lastUpdated) || '—'}</Detail>
        </SimpleGrid>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Detail label="Reason">{leave.reason || '—'}</Detail>
          {leave.decisionReason && <Detail label="Manager's Reason">{leave.decisionReason}</Detail>}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
