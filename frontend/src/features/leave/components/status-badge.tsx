import { Badge } from '@mantine/core';
import type { LeaveStatus } from '../../../../../shared/schemas/leave.js';

const colours: Record<LeaveStatus, string> = {
  Submitted: 'blue',
  Modified: 'violet',
  Approved: 'green',
  Rejected: 'red',
  Cancelled: 'gray',
};

export function LeaveStatusBadge({ status }: { status: LeaveStatus }) {
  return (
    <Badge component="span" color={colours[status]} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {status}
    </Badge>
  );
}
