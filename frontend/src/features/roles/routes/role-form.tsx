import { Alert, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { ModuleName } from '../../../../../shared/features.js';
import { ROLE, builtInRoles } from '../../../../../shared/roles.js';
import { ROLE_NAME_EXISTS, roleBody, type Role } from '../../../../../shared/schemas/auth.js';
import { useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useRole, useSaveRole } from '../api/roles.js';
import { FeatureTree, everyModule, type RoleModules } from '../components/feature-tree.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';

const NO_FEATURE = 'Select at least one feature.';

/** /role/new and /role/{id}: a role's name and its features, chosen from the catalogue by module. */
export default function RoleFormScreen() {
  const { isNew, id } = useRecordId();
  const role = useRole(id);
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={role.data}
      title={isNew ? 'Create Role' : 'Update Role'}
      description="Holders get the role's features at their next sign-in or session refresh."
      size="md"
      notFound="Role not found."
      anyOf={['RoleEdit']}
      what="changing roles"
      back="/role"
      loading="Loading the role"
    >
      {(record) => <RoleEditor role={record} />}
    </RecordFormPage>
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
      // The list opens on the page that holds the role saved (a new role is last in the list).
      onSuccess: (saved) => void navigate(`/role?role=${saved.roleId}`, { state: { notice: `${role ? 'Saved' : 'Created'} the role ${saved.name}.` } }),
      onError: onFailure,
    });
  });

  return (
    <FormCard
      label={role ? 'Update Role' : 'Create Role'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate('/role')}
      saving={save.isPending}
      saveHidden={isAdmin}
    >
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
    </FormCard>
  );
}
