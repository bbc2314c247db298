import { Center, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router-dom';
import { idParam } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useEmployee } from '../api/employees.js';
import { EmployeeEditor } from '../components/employee-editor.js';

/** /user/new and /user/{id}: Employee Registration or Update (spec 3 sections 2 and 5). */
export default function EmployeeFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const employee = useEmployee(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Employee not found.' }} />;
  return (
    <Page
      title={isNew ? 'Employee Registration' : 'Employee Update'}
      description={isNew ? 'The new employee gets a temporary password and chooses their own at the first sign-in.' : employee.data?.userName}
      size="md"
    >
      <RequireFeature anyOf={['EmployeeEdit']} what="registering or changing employees" back={isNew ? '/home' : '/user'}>
        {!isNew && !employee.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the employee" />
          </Center>
        ) : (
          <EmployeeEditor employee={employee.data} />
        )}
      </RequireFeature>
    </Page>
  );
}
