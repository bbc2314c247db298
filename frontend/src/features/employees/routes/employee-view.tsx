import { Alert, Badge, Button, Center, Divider, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKey, IconLogout, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { PasswordReveal } from '../../../components/sign-in-sent-modal.js';
import { useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { RecordHistory } from '../../audit/components/record-history.js';
import { revealTemporaryPassword, useEmployeeDetail, useSignOutEmployee } from '../api/employees.js';
import { EmailConfirmation } from '../components/email-confirmation.js';

/** The dashboard's order of the modules. */
const moduleOrder = ['ERP', 'IMS', 'CRM', 'ADMIN'];

/** 'PubHolidayEdit' -> 'Pub Holiday Edit'. */
const spaced = (feature: string) => feature.replace(/([a-z])([A-Z])/g, '$1 $2');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** /userView/{id}: the read-only employee record with the features of their roles. Back: /home for oneself, else /user. */
export default function EmployeeViewScreen() {
  const { id: rawId } = useParams();
  const parsed = idParam.safeParse(rawId);
  const id = parsed.success ? parsed.data : undefined;
  const session = useSession();
  const can = useCan();
  const detail = useEmployeeDetail(id);
  const own = id !== undefined && id === session?.user?.appUserId;
  const back = own ? '/home' : '/user';
  const signOut = useSignOutEmployee();
  const [asking, setAsking] = useState(false);
  const [revealing, setRevealing] = useState(false);
  // After a reveal (or a refusal) the record says whether it may still be revealed.
  const closeReveal = () => {
    setRevealing(false);
    void detail.refetch();
  };

  if (id === undefined) return <Navigate to="/error" replace state={{ message: 'Employee not found.' }} />;
  const user = detail.data;
  return (
    <Page
      title={own ? 'Your Details' : 'Employee Details'}
      description={user?.userName}
      size="md"
      actions={
        <>
          <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back
          </Button>
          {can('EmployeeEdit') && user && !own && (
            <Button variant="light" color="red" leftSection={<IconLogout size={16} />} onClick={() => setAsking(true)}>
              Sign out everywhere
            </Button>
          )}
          {user?.passwordRevealable && (
            <Button variant="light" color="orange" leftSection={<IconKey size={16} />} onClick={() => setRevealing(true)}>
              Temporary password
            </Button>
          )}
          {can('EmployeeEdit') && user && (
            <Button component={Link} to={`/user/${user.appUserId}`} leftSection={<IconPencil size={16} />}>
              Edit
            </Button>
          )}
        </>
      }
    >
      {user && (
        <ConfirmDialog
          opened={asking}
          title="Sign out everywhere"
          message={`Sign ${user.userName} out of every device? Their open screens stop working at once and they sign in again.`}
          confirmLabel="Sign out"
          danger
          loading={signOut.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => signOut.mutate(user.appUserId, { onSettled: () => setAsking(false) })}
        />
      )}
      {user?.passwordRevealable !== undefined && (
        <Modal opened={revealing} onClose={closeReveal} title="Temporary password" size="md" closeOnClickOutside={false}>
          <Stack gap="md">
            <Text>
              <b>{user.userName}</b> has not signed in yet. Their temporary password was sent only to them; if it never reached
              them, you can reveal a fresh one once and hand it over in person.
            </Text>
            <PasswordReveal userName={user.userName} reveal={() => revealTemporaryPassword(user.appUserId)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={closeReveal}>
                Done
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {signOut.isSuccess && (
        <Alert color="brand" mb="md" role="status">
          {signOut.data.message}
        </Alert>
      )}
      {signOut.isError && (
        <Alert color="red" mb="md" role="alert">
          {signOut.error.message}
        </Alert>
      )}
      {own && <EmailConfirmation />}
      <RequireFeature anyOf={['EmployeeView', 'EmployeeEdit', 'EmployeeList']} what="employee records" back={back}>
        {!user ? (
          <Center py="xl">
            <Loader aria-label="Loading the employee" />
          </Center>
        ) : (
          <Stack gap="lg">
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Employee">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
                <Fact label="User Name">{user.userName}</Fact>
                <Fact label="E-mail">{user.emailId}</Fact>
                <Fact label="Mobile Number">{user.mobileNumber}</Fact>
                <Fact label="Gender">{user.gender}</Fact>
                <Fact label="Date of Birth">{formatDate(user.dob)}</Fact>
                <Fact label="Date of Joining">{formatDate(user.doj)}</Fact>
                <Fact label="Manager">{user.managerName}</Fact>
                <Fact label="HR">{user.hrName}</Fact>
              </SimpleGrid>
              <Divider my="md" />
              <Fact label="Address">{user.address}</Fact>
            </Paper>
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="employee-roles-title">
              <Title order={2} fz="lg" id="employee-roles-title" mb="sm">
                Roles and features
              </Title>
              <Stack gap="md">
                {user.roles.map((role) => (
                  <div key={role.roleId}>
                    <Badge size="lg" radius="sm" variant="filled">
                      {role.name}
                    </Badge>
                    <Stack gap={6} mt="xs">
                      {[...role.roleModule]
                        .filter((m) => m.roleFeature.length > 0)
                        .sort((a, b) => moduleOrder.indexOf(a.moduleName) - moduleOrder.indexOf(b.moduleName))
                        .map((module) => (
                          <Group key={module.moduleName} gap="xs" align="flex-start" wrap="nowrap">
                            <Text size="sm" fw={600} w={56} style={{ flexShrink: 0 }}>
                              {module.moduleName}
                            </Text>
                            <Group gap={6} flex={1}>
                              {module.roleFeature.map((f) => (
                                <Badge key={f.featureName} variant="light" color="gray" radius="sm" tt="none" fw={500}>
                                  {spaced(f.featureName)}
                                </Badge>
                              ))}
                            </Group>
                          </Group>
                        ))}
                    </Stack>
                  </div>
                ))}
              </Stack>
            </Paper>
            <RecordHistory entity="employee" entityId={user.appUserId} title="Change history" />
          </Stack>
        )}
      </RequireFeature>
    </Page>
  );
}
