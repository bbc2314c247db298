import { Alert, Button, Center, Group, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { ModuleName } from '../../../../../shared/features.js';
import { ROLE, builtInRoles } from '../../../../../shared/roles.js';
import { ROLE_NAME_EXISTS, roleBody, type Role } from '../../../../../shared/schemas/auth.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { Page } from '../../../components/page.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useRole, useSaveRole } from '../api/roles.js';
import { FeatureTree, everyModule, type RoleModules } from '../components/feature-tree.js';

const NO_FEATURE = 'Select at least one feature.';

/** /role/new and /role/{id}: a role's name and its features, chosen from the catalogue by module. */
export default function RoleFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const role = useRole(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Role not found.' }} />;
  return (
    <Page
      title={isNew ? 'Create Role' : 'Update Role'}
      description="Holders get the role's features at their next sign-in or session refresh."
      size="md"
    >
      <RequireFeature anyOf={['RoleEdit']} what="changing roles" back="/role">
        {!isNew && !role.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the role" />
          </Center>
        ) : (
          <RoleEditor role={role.data} />
        )}
      </RequireFeature>
    </Page>
  );
}

/** The role's modules as the form keeps them: every module of the catalogue, in order. */
const modulesOf = (role: Role | undefined): RoleModules =>
  everyModule((role?.roleModule ?? []).map((m) => ({ moduleName: m.moduleName as ModuleName, roleFeature: m.roleFeature })));

function RoleEditor({ role }: { role?: Role }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const builtIn = !!role && builtInRoles.includes(role.name);
  const isAdmin = role?.name === ROLE.ADMIN;
  const save = useSaveRole(role);
  const form = useZodForm(roleBody, {
    defaultValues: { name: role?.name ?? '', roleModule: modulesOf(role), version: role?.version },
  });
  const onFailure = useSaveFailure((message) => {
    if (message === ROLE_NAME_EXISTS) form.setError('name', { message }, { shouldFocus: true });
    else if (message === NO_FEATURE) form.setError('roleModule', { message });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) => void navigate('/role', { state: { notice: `${role ? 'Saved' : 'Created'} the role ${saved.name}.` } }),
      onError: onFailure,
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={role ? 'Update Role' : 'Create Role'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          {isAdmin && (
            <Alert color="blue" icon={<IconInfoCircle size={18} />}>
              The ADMIN role always has every feature and cannot be changed.
            </Alert>
          )}
          <Controller
            control={form.control}
            name="name"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
                label="Role Name"
                placeholder="e.g. STORE KEEPER"
                withAsterisk
                maxLength={40}
                disabled={builtIn}
                inputWrapperOrder={HINT_BELOW}
                description={builtIn ? 'The product relies on this name; it cannot be changed.' : 'Upper case; letters, digits, spaces or _.'}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="roleModule"
            render={({ field, fieldState }) => (
              <FeatureTree
                value={(field.value ?? []) as RoleModules}
                onChange={(next) => {
                  field.onChange(next);
                  if (next.some((m) => m.roleFeature.length)) form.clearErrors('roleModule');
                }}
                disabled={isAdmin}
                error={fieldState.error?.message ?? fieldState.error?.root?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/role')}>
              Cancel
            </Button>
            {!isAdmin && (
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
