import { Alert, Autocomplete, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { CUSTOMER_NOT_FOUND, MOBILE_INVALID } from '../../../../../shared/schemas/purchase-messages.js';
import { isApiError } from '../../../lib/api-client.js';
import { findCustomer, registerCustomer, useMobileSuggestions } from '../api/billing.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const EMAIL_INVALID = 'Enter the Valid Email Id!!!';

interface CustomerBoxProps {
  customer: Customer | null;
  onCustomer: (customer: Customer | null) => void;
  /** Locked while a bill of this customer is edited. */
  locked?: boolean;
}

/**
 * The customer box of Place Order: a 10-digit mobile with suggestions from 5 digits; a found customer fills the
 * name and locks the box; otherwise 'Customer not found! Please Register' and the inline registration.
 */
export function CustomerBox({ customer, onCustomer, locked }: CustomerBoxProps) {
  const [mobile, setMobile] = useState(customer?.mobileNumber ?? '');
  const [mobileError, setMobileError] = useState<string>();
  const [notFound, setNotFound] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [address, setAddress] = useState('');
  const [formError, setFormError] = useState<string>();
  const [emailError, setEmailError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const suggestions = useMobileSuggestions(/^\d+$/.test(mobile) ? mobile : '');

  const lookUp = async (value: string) => {
    if (!/^\d{10}$/.test(value)) {
      setMobileError(MOBILE_INVALID);
      return;
    }
    setMobileError(undefined);
    setBusy(true);
    try {
      const found = await findCustomer(value);
      if (found === 'False') {
        setNotFound(true);
        onCustomer(null);
      } else {
        setNotFound(false);
        onCustomer(found);
      }
    } catch (error) {
      setMobileError(isApiError(error) ? error.message : 'The customer could not be looked up.');
    } finally {
      setBusy(false);
    }
  };

  const clear = () => {
    setMobile('');
    setMobileError(undefined);
    setNotFound(false);
    setName('');
    setEmail('');
    setAddress('');
    setFormError(undefined);
    setEmailError(undefined);
    onCustomer(null);
  };

  const register = async () => {
    setFormError(undefined);
    if (!name.trim()) {
      setFormError('Customer name is required');
      return;
    }
    if (!EMAIL_PATTERN.test(email.trim())) {
      setEmailError(EMAIL_INVALID);
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      const saved = await registerCustomer({ customerName: name, mobileNumber: mobile, emailId: email.trim(), address: address.trim() || undefined });
      setNotFound(false);
      onCustomer(saved);
    } catch (error) {
      setFormError(isApiError(error) ? error.message : 'The customer could not be registered.');
    } finally {
      setBusy(false);
    }
  };

  const found = customer !== null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Customer
        </Title>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Autocomplete
            label="Mobile Number"
            size="md"
            placeholder="10 digits"
            inputMode="numeric"
            maxLength={10}
            // A bill starts with its customer: the till opens ready for the mobile number, no pointer needed.
            autoFocus={!found && !locked}
            value={mobile}
            data={mobile.length >= 5 && !found ? (suggestions.data ?? []) : []}
            disabled={found || locked}
            error={mobileError}
            w={220}
            onChange={(value) => {
              const digits = value.replace(/\D/g, '').slice(0, 10);
              setMobile(digits);
              setNotFound(false);
              if (digits.length === 10 && !found) void lookUp(digits);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void lookUp(mobile);
              }
            }}
            rightSection={
              found || notFound ? (
                <IconX size={16} aria-label="Clear customer" role="button" style={{ cursor: 'pointer' }} onClick={clear} />
              ) : (
                <IconSearch size={16} aria-label="Search customer" role="button" style={{ cursor: 'pointer' }} onClick={() => void lookUp(mobile)} />
              )
            }
            rightSectionPointerEvents="all"
          />
          <TextInput
            label="Customer Name"
            value={found ? customer.customerName.split('@')[0] : name}
            readOnly={found}
            disabled={!found && !notFound}
            onChange={(e) => setName(e.currentTarget.value)}
            w={260}
          />
          {found && (
            <Text mt={36} size="sm" c="dimmed">
              Credit Points: {customer.creditPoints}
            </Text>
          )}
        </Group>
        {notFound && (
          <Stack gap="sm">
            <Alert color="yellow" variant="light">
              {CUSTOMER_NOT_FOUND}
            </Alert>
            <Group align="flex-start" gap="md" wrap="wrap">
              <TextInput label="Email" value={email} error={emailError} onChange={(e) => setEmail(e.currentTarget.value)} w={260} />
              <TextInput label="Address" value={address} onChange={(e) => setAddress(e.currentTarget.value)} w={320} />
            </Group>
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group gap="sm">
              <Button onClick={() => void register()} loading={busy}>
                Save
              </Button>
              <Button variant="default" onClick={clear}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
