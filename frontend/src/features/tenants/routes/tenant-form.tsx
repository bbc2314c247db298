import { Alert, Button, Center, Divider, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, FormProvider, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_STOREFRONT_REQUESTS_PER_SECOND, STOREFRONT_PLAN_MAX, STOREFRONT_PLAN_MIN, type Tenant } from '../../../../../shared/schemas/tenant.js';
import { accountName, tenantIdFromUserName } from '../../../../../shared/tenant.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { StateSelect } from '../../../components/state-select.js';
import { Page } from '../../../components/page.js';
import { SignInSentModal } from '../../../components/sign-in-sent-modal.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useSession } from '../../../lib/session.js';
import { useCreateTenant, useTenant, useUpdateTenant } from '../api/tenants.js';
import { tenantCreateForm, tenantEditForm } from '../components/tenant-schemas.js';

/** /tenant/new and /tenant/{tenantId}: a shop's receipt details; a new shop also gets its first TENANT_MANAGER. */
export default function TenantFormScreen() {
  const { id } = useParams();
  const isNew = id === 'new';
  const tenant = useTenant(isNew ? undefined : id);
  return (
    <Page
      title={isNew ? 'Create Tenant' : 'Update Tenant'}
      description={isNew ? 'A new shop starts with the feature catalogue, the default roles and its first manager.' : tenant.data?.domain}
      size="md"
    >
      <RequireFeature anyOf={['TenantEdit']} what="managing shops" back="/tenant">
        {isNew ? (
          <TenantCreator />
        ) : !tenant.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the shop" />
          </Center>
        ) : (
          <TenantEditor tenant={tenant.data} />
        )}
      </RequireFeature>
    </Page>
  );
}

function Problem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}

/** The fields both shop forms have. */
type ShopFieldValues = Pick<z.input<typeof tenantEditForm>, 'displayName' | 'address' | 'gstNumber' | 'state' | 'gstRegistered' | 'emailId' | 'phone' | 'reportEmails' | 'upiId' | 'upiPayeeName' | 'upiRazorpayQr'>;

/** Shop name, address, GSTIN and contacts: the details printed on receipts. */
function ShopFields() {
  const { control } = useFormContext<ShopFieldValues>();
  // A shop not registered for GST (Bills of Supply) may have no GSTIN.
  const registered = useWatch({ control, name: 'gstRegistered' }) !== false;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="displayName" label="Shop Display Name" withAsterisk maxLength={100} />
        <TextField
          control={control}
          name="gstNumber"
          label="GSTIN"
          withAsterisk={registered}
          description={registered ? undefined : 'Optional for a shop not registered for GST'}
          inputWrapperOrder={HINT_BELOW}
          maxLength={15}
          placeholder="29ABCDE1234F1ZW"
          styles={{ input: { textTransform: 'uppercase' } }}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="address"
        render={({ field, fieldState }) => (
          <Textarea {...field} value={field.value ?? ''} label="Address" withAsterisk rows={3} size="md" maxLength={300} error={fieldState.error?.message} />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <StateSelect control={control} name="state" description="Where the shop is; left empty, the GSTIN's state" />
        <Controller
          control={control}
          name="gstRegistered"
          render={({ field }) => (
            <Switch
              mt="xl"
              checked={field.value !== false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              label="Registered for GST (bills are tax invoices; off: Bills of Supply without tax)"
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="emailId" label="Shop E-mail" type="email" inputMode="email" inputWrapperOrder={HINT_BELOW} description="Optional" maxLength={120} />
        <TextField control={control} name="phone" label="Shop Phone" inputMode="numeric" maxLength={10} inputWrapperOrder={HINT_BELOW} description="Optional, 10 digits" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          control={control}
          name="upiId"
          label="UPI ID"
          inputWrapperOrder={HINT_BELOW}
          description="Optional: Place Order shows a QR code paying it, e.g. sharmastores@okhdfcbank"
          maxLength={120}
        />
        <TextField control={control} name="upiPayeeName" label="UPI Payee Name" inputWrapperOrder={HINT_BELOW} description="The name customers' UPI apps show" maxLength={50} />
      </SimpleGrid>
      <Controller
        control={control}
        name="reportEmails"
        render={({ field }) => (
          <Switch
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            label="E-mail the daily sales summary and low-stock list to the shop's managers (21:00 every day)"
          />
        )}
      />
      <Controller
        control={control}
        name="upiRazorpayQr"
        render={({ field }) => (
          <Switch
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            label="Take UPI at the till by Razorpay's QR codes: the payment confirms itself (needs the shop's Razorpay account)"
          />
        )}
      />
    </>
  );
}

/**
 * The shop's plan: how many signed-in storefront requests a second its shoppers may make together (its tills have
 * their own share). Only the platform admin sets it, on another shop's screen.
 */
function PlanField() {
  const { control } = useFormContext<{ storefrontRequestsPerSecond?: number }>();
  return (
    <Controller
      control={control}
      name="storefrontRequestsPerSecond"
      render={({ field, fieldState }) => (
        <NumberInput
          label="Plan: storefront requests a second"
          description={`Signed-in storefront requests its shoppers may make together each second (${STOREFRONT_PLAN_MIN} to ${STOREFRONT_PLAN_MAX.toLocaleString('en-IN')}); the tills have their own share`}
          inputWrapperOrder={HINT_BELOW}
          min={STOREFRONT_PLAN_MIN}
          max={STOREFRONT_PLAN_MAX}
          step={50}
          allowDecimal={false}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function TenantEditor({ tenant }: { tenant: Tenant }) {
  const navigate = useNavigate();
  // Only a platform admin edits another shop; the shop's own admin never sees or sends its plan.
  const userName = useSession()?.userName;
  const platformAdmin = !!userName && tenantIdFromUserName(userName.toLowerCase()) !== tenant.tenantId;
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateTenant(tenant.tenantId);
  const form = useZodForm(tenantEditForm, {
    defaultValues: {
      displayName: tenant.displayName,
      address: tenant.address,
      gstNumber: tenant.gstNumber,
      state: tenant.state ?? '',
      gstRegistered: tenant.gstRegistered ?? true,
      emailId: tenant.emailId ?? '',
      phone: tenant.phone ?? '',
      // On unless the shop switched it off: the daily report reads an absent setting as on.
      reportEmails: tenant.reportEmails ?? true,
      upiId: tenant.upiId ?? '',
      upiPayeeName: tenant.upiPayeeName ?? '',
      upiRazorpayQr: tenant.upiRazorpayQr ?? false,
      ...(platformAdmin ? { storefrontRequestsPerSecond: tenant.storefrontRequestsPerSecond ?? DEFAULT_STOREFRONT_REQUESTS_PER_SECOND } : {}),
      version: tenant.version,
    },
  });
  const onFailure = useSaveFailure(setProblem);
  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) => void navigate('/tenant', { state: { notice: `Saved ${saved.displayName}.` } }),
      onError: onFailure,
    });
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Update Tenant">
        <Stack gap="md">
          <Problem message={problem} />
          <Text size="sm" c="dimmed">
            Shop id <b>{tenant.tenantId}</b>
            {tenant.enabled === false && ' · closed'}
          </Text>
          <ShopFields />
          {platformAdmin && <PlanField />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/tenant')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      </FormProvider>
    </Paper>
  );
}

interface Opened {
  userName: string;
  mailSent: boolean;
  whatsappSent: boolean;
  emailId: string;
  shop: string;
}

function TenantCreator() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const save = useCreateTenant();
  const form = useZodForm(tenantCreateForm, {
    defaultValues: {
      domain: '',
      displayName: '',
      address: '',
      gstNumber: '',
      state: '',
      gstRegistered: true,
      emailId: '',
      phone: '',
      reportEmails: true,
      managerName: '',
      managerEmailId: '',
      managerMobileNumber: '',
    },
  });
  const [domain = '', managerName = ''] = useWatch({ control: form.control, name: ['domain', 'managerName'] });
  const cleanDomain = domain.trim().toLowerCase();
  const shopId = cleanDomain.includes('.') ? cleanDomain.split('.')[0] : '';
  const managerLogin = cleanDomain.includes('.') ? accountName(managerName, `@${cleanDomain}`).toLowerCase() : '';
  const onFailure = useSaveFailure((message) => {
    if (message.startsWith('A shop with the id')) form.setError('domain', { message }, { shouldFocus: true });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (created) =>
        setOpened({
          userName: created.manager.userName,
          mailSent: created.mailSent,
          whatsappSent: created.whatsappSent,
          emailId: values.managerEmailId,
          shop: created.tenant.displayName,
        }),
      onError: onFailure,
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create Tenant">
        <Stack gap="md">
          <Problem message={problem} />
          <TextField
            control={form.control}
            name="domain"
            label="User-name Domain"
            placeholder="myshop.in"
            withAsterisk
            maxLength={100}
            inputWrapperOrder={HINT_BELOW}
            description={shopId ? `Shop id ${shopId}; staff sign in as name@${cleanDomain}` : 'Staff of the shop sign in as name@this-domain.'}
          />
          <ShopFields />
          <Divider label="First manager (TENANT_MANAGER)" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              control={form.control}
              name="managerName"
              label="Manager User Name"
              withAsterisk
              maxLength={64}
              inputWrapperOrder={HINT_BELOW}
              description={managerLogin ? `Signs in as ${managerLogin}` : 'Letters and digits; the domain is added.'}
            />
            <TextField control={form.control} name="managerEmailId" label="Manager E-mail" type="email" inputMode="email" withAsterisk maxLength={120} />
            <TextField control={form.control} name="managerMobileNumber" label="Manager Mobile Number" inputMode="numeric" withAsterisk maxLength={10} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/tenant')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
      </FormProvider>
      {opened && (
        <SignInSentModal
          opened
          title={`${opened.shop} is open`}
          userName={opened.userName}
          mailSent={opened.mailSent}
          whatsappSent={opened.whatsappSent}
          emailId={opened.emailId}
          onClose={() => void navigate('/tenant', { state: { notice: `Created ${opened.shop}; its manager is ${opened.userName}.` } })}
        />
      )}
    </Paper>
  );
}
