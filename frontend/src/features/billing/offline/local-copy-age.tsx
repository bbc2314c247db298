import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { localCopyAge, onLocalCopyRefreshed, tillTenant } from './local-copy.js';

const TIME = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });

/** How old the device's copy of prices is: what an offline bill would charge ("Prices as of 10:42"). */
export function LocalCopyAge() {
  const tenantId = tillTenant();
  const age = useQuery({
    queryKey: ['billing', 'localCopyAge', tenantId],
    queryFn: async () => (tenantId ? ((await localCopyAge(tenantId)) ?? null) : null),
    refetchInterval: 60_000,
    meta: { handlesOwnErrors: true },
    // Read from the device: offline too.
    networkMode: 'always',
  });
  const { refetch } = age;
  useEffect(() => onLocalCopyRefreshed(() => void refetch()), [refetch]);
  if (!age.data) return null;
  return (
    <Text size="xs" c="dimmed" aria-label="Prices on this device">
      Prices as of {TIME.format(new Date(age.data))}
    </Text>
  );
}
