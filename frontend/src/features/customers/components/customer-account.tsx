import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import { shownName } from './customer-name.js';

function Fact({ label, value }: { label: string; value?: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

/** My Account of a signed-in customer: the record stored at sign-in, read-only (the shop changes it). */
export function CustomerAccount({ customer }: { customer: Customer }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
          <Fact label="Customer Name" value={shownName(customer.customerName)} />
          <Fact label="User Name" value={customer.customerName.toLowerCase()} />
          <Fact label="Mobile Number" value={customer.mobileNumber} />
          <Fact label="E-mail" value={customer.emailId} />
          <Fact label="Credit Points" value={customer.creditPoints} />
          <Fact label="Address" value={customer.address} />
        </SimpleGrid>
      </Paper>
      <Text size="sm" c="dimmed">
        To change your e-mail or address, ask the shop.
      </Text>
      <Group>
        <Button component={Link} to="/customerHome" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}
