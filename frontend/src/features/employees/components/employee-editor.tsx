import { Alert, Button, Divider, Group, MultiSelect, NativeSelect, Paper, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ROLE, hasOrgView, managerRoles, needsHr, needsManager } from '../../../../../shared/roles.js';
import type { AppUser } from '../../../../../shared/schemas/auth.js';
import { EMPLOYEE_EMAIL_TAKEN, EMPLOYEE_MOBILE_TAKEN, latestEmployeeDob, latestJoiningDate, NAME_EXISTS } from '../../../../../shared/schemas/employee.js';
import { accountName, domainSuffix } from '../../../../../shared/tenant.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { SignInSentModal } from '../../../components/sign-in-sent-modal.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useSession } from '../../../lib/session.js';
import { revealTemporaryPassword, useAssignableRoles, useLinkOptions, useNameTaken, useSaveEmployee } from '../api/employees.js';
import { HR_REQUIRED, MANAGER_REQUIRED, employeeFormSchema, initialValues, peopleOptions, roleOptions } from './employee-rules.js';
import { DateFormField } from '../../../components/date-field.js';

/** Which field a refusal of the server is about, so it shows under that field. */
const fieldOfMessage: Record<string, 'userName' | 'mobileNumber' | 'emailId' | 'managerId' | 'hrId' | 'appUserRole'> = {
  [NAME_EXISTS]: 'userName',
  'Enter the Valid UserName...': 'userName',
  'The user name is the sign-in name and cannot be changed.': 'userName',
  'Enter the Valid Mobile Number!!!': 'mobileNumber',
  'Enter the Valid Email Id!!!': 'emailId',
  [EMPLOYEE_MOBILE_TAKEN]: 'mobileNumber',
  [EMPLOYEE_EMAIL_TAKEN]: 'emailId',
  [MANAGER_REQUIRED]: 'managerId',
  'Select a valid Manager.': 'managerId',
  [HR_REQUIRED]: 'hrId',
  'Select a valid HR.': 'hrId',
  'Select at least one role': 'appUserRole',
  'Select a valid role.': 'appUserRole',
};

/** What the user name field would check: letters and digits of the part before any @. */
const checkedName = (entered: string) => (entered.split('@')[0] ?? '').replace(/[^A-Za-z0-9]/g, '');

interface Created {
  appUserId: number;
  userName: string;
  mailSent: boolean;
  whatsappSent: boolean;
  emailId?: string;
}

/**
 * Employee Registration (no employee) or Update (spec 3 sections 2 and 5): every rule of the shared schema with its
 * message, the user name checked as it is typed, the roles this creator may give, and the manager and HR contact
 * the chosen roles need. After a registration the screen says where the temporary password was sent (only to
 * the employee); the owner may reveal a fresh one once.
 */
export function EmployeeEditor({ employee }: { employee?: AppUser }) {
  const session = useSession();
  const navigate = useNavigate();
  const me = session?.user;
  const myRoles = useMemo(() => session?.roles.map((r) => r.name) ?? [], [session?.roles]);
  const suffix = domainSuffix(employee?.userName ?? session?.userName ?? '');
  const isNew = !employee;
  const isSelf = !!employee && employee.appUserId === me?.appUserId;
  const orgView = hasOrgView(myRoles);
  const leadsTeam = myRoles.some((r) => managerRoles.includes(r));
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  const offered = useAssignableRoles();
  const links = useLinkOptions(employee?.appUserId ?? me?.appUserId);
  const options = roleOptions(offered.data ?? [], session?.features ?? [], employee?.appUserRole);
  const mayReveal = myRoles.includes(ROLE.TENANT_MANAGER) || myRoles.includes(ROLE.ADMIN);
  const roleNameOf = (roleId: number) =>
    offered.data?.find((r) => r.roleId === roleId)?.name ?? employee?.appUserRole.find((r) => r.roleId === roleId)?.name;
  // The schema is made once; it reads the role names loaded by then.
  const roleNames = useRef(roleNameOf);
  roleNames.current = roleNameOf;
  const schema = useMemo(() => employeeFormSchema((id) => roleNames.current(id)), []);

  const form = useZodForm(schema, {
    defaultValues: initialValues(employee, { managerId: isNew && !orgView && leadsTeam ? me?.appUserId : undefined }),
  });
  const [userName = '', chosenRoles] = useWatch({ control: form.control, name: ['userName', 'appUserRole'] });
  const chosenNames = (chosenRoles ?? []).map((r) => roleNameOf(Number(r.roleId)) ?? '');
  const managerNeeded = chosenNames.length === 0 || needsManager(chosenNames);
  const hrNeeded = chosenNames.length === 0 || needsHr(chosenNames);

  const [settledName] = useDebouncedValue(checkedName(userName), 350);
  const save = useSaveEmployee(employee?.appUserId);
  // Once registered, the name is the new employee's own: no longer reported as taken.
  const checking = isNew && !save.isSuccess;
  const nameCheck = useNameTaken(checking ? settledName : '', undefined);
  const nameTaken = checking && settledName === checkedName(userName) && nameCheck.data === true;

  const creator = me && { appUserId: me.appUserId, userName: me.userName, roleNames: myRoles };
  const managerChoices = peopleOptions(links.managers.data, 'manager', creator, isNew);
  const hrChoices = peopleOptions(links.hrs.data, 'hr', creator, isNew);

  const onFailure = useSaveFailure((message) => {
    const field = fieldOfMessage[message];
    if (field) form.setError(field, { message }, { shouldFocus: true });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    if (nameTaken) {
      form.setError('userName', { message: NAME_EXISTS }, { shouldFocus: true });
      return;
    }
    save.mutate(values, {
      onSuccess: (saved) => {
        if (isNew) {
          const { appUserId, userName: name, emailId, mailSent = false, whatsappSent = false } = saved;
          setCreated({ appUserId, userName: name, mailSent, whatsappSent, emailId });
        } else {
          void navigate('/user', { state: { notice: `Saved ${saved.userName}.` } });
        }
      },
      onError: onFailure,
    });
  });

  const signInName = accountName(userName, suffix);
  const dateMax = latestEmployeeDob();

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={isNew ? 'Employee Registration' : 'Employee Update'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <Text fw={650}>Sign-in</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="userName"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  value={field.value ?? ''}
                  label="User Name"
                  withAsterisk
                  autoComplete="off"
                  disabled={!isNew}
                  maxLength={64}
                  rightSection={<Text size="xs" c="dimmed" pr="xs">{suffix}</Text>}
                  rightSectionWidth={Math.max(60, suffix.length * 8 + 16)}
                  rightSectionPointerEvents="none"
                  inputWrapperOrder={HINT_BELOW}
                  description={
                    isNew
                      ? signInName
                        ? `Signs in as ${signInName}`
                        : `Letters and digits only; ${suffix} is added.`
                      : 'The user name is the sign-in name and cannot be changed.'
                  }
                  error={fieldState.error?.message ?? (nameTaken ? NAME_EXISTS : undefined)}
                />
              )}
            />
            <TextField control={form.control} name="emailId" label="E-mail" type="email" inputMode="email" autoComplete="off" withAsterisk maxLength={120} />
          </SimpleGrid>

          <Divider />
          <Text fw={650}>Personal details</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              control={form.control}
              name="mobileNumber"
              label="Mobile Number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              placeholder="10 digits"
              withAsterisk
            />
            <DateFormField
              control={form.control}
              name="dob"
              label="Date of Birth"
              withAsterisk
              max={dateMax}
              description="At least 18 years old"
              inputWrapperOrder={HINT_BELOW}
            />
            <Controller
              control={form.control}
              name="gender"
              render={({ field, fieldState }) => (
                <Radio.Group
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value)}
                  label="Gender"
                  withAsterisk
                  size="md"
                  error={fieldState.error?.message}
                >
                  <Group gap="lg" mt={8}>
                    {(['Male', 'Female', 'Other'] as const).map((gender) => (
                      <Radio key={gender} value={gender} label={gender} size="md" ref={gender === 'Male' ? field.ref : undefined} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
            <Controller
              control={form.control}
              name="address"
              render={({ field, fieldState }) => (
                <Textarea {...field} value={field.value ?? ''} label="Address" withAsterisk rows={3} size="md" maxLength={300} error={fieldState.error?.message} />
              )}
            />
          </SimpleGrid>

          <Divider />
          <Text fw={650}>Work</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateFormField control={form.control} name="doj" label="Date of Joining" withAsterisk max={latestJoiningDate()} />
            <Controller
              control={form.control}
              name="appUserRole"
              render={({ field, fieldState }) => (
                <MultiSelect
                  ref={field.ref}
                  label="Roles"
                  inputWrapperOrder={HINT_BELOW}
                  withAsterisk
                  placeholder={field.value?.length ? undefined : 'Select roles'}
                  data={options}
                  value={(field.value ?? []).map((r) => String(r.roleId))}
                  onChange={(ids) => field.onChange(ids.map((roleId) => ({ roleId: Number(roleId) })))}
                  onBlur={field.onBlur}
                  disabled={isSelf}
                  description={isSelf ? 'Nobody changes their own roles.' : undefined}
                  nothingFoundMessage="No such role"
                  searchable
                  hidePickedOptions
                  size="md"
                  error={fieldState.error?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="managerId"
              render={({ field, fieldState }) => (
                <NativeSelect
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  label="Manager"
                  inputWrapperOrder={HINT_BELOW}
                  withAsterisk={managerNeeded}
                  value={field.value === undefined ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}
                  data={[{ value: '', label: managerNeeded ? 'Select manager' : 'No manager' }, ...managerChoices]}
                  disabled={isSelf || !orgView}
                  description={
                    isSelf ? 'Nobody changes their own manager.' : !orgView ? 'Employees you register report to you.' : managerNeeded ? undefined : 'Not needed for these roles.'
                  }
                  size="md"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="hrId"
              render={({ field, fieldState }) => (
                <NativeSelect
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  label="HR"
                  inputWrapperOrder={HINT_BELOW}
                  withAsterisk={hrNeeded}
                  value={field.value === undefined ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}
                  data={[{ value: '', label: hrNeeded ? 'Select HR' : 'No HR contact' }, ...hrChoices]}
                  disabled={isSelf}
                  description={isSelf ? 'Nobody changes their own HR contact.' : hrNeeded ? undefined : 'Not needed for these roles.'}
                  size="md"
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>

          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={() => void navigate(isNew ? '/home' : '/user')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {isNew ? 'Register' : 'Update'}
            </Button>
          </Group>
        </Stack>
      </form>
      {created && (
        <SignInSentModal
          opened
          title="Employee registered"
          userName={created.userName}
          mailSent={created.mailSent}
          whatsappSent={created.whatsappSent}
          emailId={created.emailId}
          reveal={mayReveal ? () => revealTemporaryPassword(created.appUserId) : undefined}
          onClose={() => void navigate('/user', { state: { notice: `Registered ${created.userName}.` } })}
        />
      )}
    </Paper>
  );
}
