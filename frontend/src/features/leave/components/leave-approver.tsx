import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ROLE } from '../../../../../shared/roles.js';
import { userRoutes } from '../../../../../shared/routes/users.js';
import { LEAVE_MESSAGES } from '../../../../../shared/schemas/leave.js';
import { callApi } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session.js';

/**
 * Before the leave form: who will decide the leave, or why nobody can, so an ADMIN or an owner without a manager
 * learns it before filling anything in. The owner's own leave goes to the manager HR names on their record.
 */
export function LeaveApprover({ children }: { children: ReactNode }) {
  const session = useSession();
  const me = session?.user?.appUserId;
  const roleNames = session?.roles.map((r) => r.name) ?? [];
  const noApprover = roleNames.includes(ROLE.ADMIN) || roleNames.includes(ROLE.CUSTOMER);
  const manager = useQuery({
    queryKey: ['leave', 'approver', me],
    queryFn: () => callApi(userRoutes.managerOf, { params: { id: me! } }),
    enabled: me !== undefined && !noApprover,
  });

  const cannotApply = (message: string) => (
    <Alert color="yellow" icon={<IconInfoCircle />} title="You cannot apply for leave">
      {message}
    </Alert>
  );
  if (noApprover) return cannotApply(LEAVE_MESSAGES.noApproverAccount);
  if (manager.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Finding your manager" />
      </Center>
    );
  }
  // Not known (a failed look-up): the form stays usable and the server says it if nobody can approve.
  if (manager.isError) return children;
  if (manager.data === null) {
    return cannotApply(roleNames.includes(ROLE.TENANT_MANAGER) ? LEAVE_MESSAGES.ownerWithoutManager : LEAVE_MESSAGES.noManager);
  }
  return (
    <Stack gap="md">
      <Text size="sm">Your leave goes to {manager.data.userName} for approval.</Text>
      {children}
    </Stack>
  );
}
