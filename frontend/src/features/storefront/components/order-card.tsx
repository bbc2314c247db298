import { Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { isOrderStatus, TO_BE_UPDATED, type CartMasterRow } from '../../../../../shared/schemas/cart.js';
import { OrderStatusBadge } from './order-status-badge.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * One ordered product on Your Orders (spec 1 section 2): product, ordered date, quantity, amount paid, status,
 * delivery person and contact ('To Be Updated' until staff ship it), the shipped and delivered dates, and the address
 * it is delivered to (the one chosen at checkout).
 */
export function OrderCard({ order }: { order: CartMasterRow }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={order.productName}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {order.productImage ? (
          <Image src={order.productImage} alt="" w={72} h={72} fit="contain" radius="sm" bg="var(--mantine-color-gray-0)" />
        ) : null}
        <Stack gap="xs" flex={1} miw={0}>
          <Title order={2} fz="md" lineClamp={2}>
            {order.productName}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
            <Fact label="Ordered On">{formatDate(order.paymentDate) || TO_BE_UPDATED}</Fact>
            <Fact label="Quantity">{order.cartQuantity}</Fact>
            <Fact label="Amount Paid">{formatRupees(order.purchasedPrice)}</Fact>
            <Fact label="Status">{isOrderStatus(order.status) ? <OrderStatusBadge status={order.status} /> : order.status}</Fact>
            <Fact label="Delivery Person">{order.deliveryPerson || TO_BE_UPDATED}</Fact>
            <Fact label="Delivery Contact">{order.deliveryContact || TO_BE_UPDATED}</Fact>
            {order.shippedDate && <Fact label="Shipped On">{formatDate(order.shippedDate)}</Fact>}
            {order.deliveredDate && <Fact label="Delivered On">{formatDate(order.deliveredDate)}</Fact>}
          </SimpleGrid>
          {order.deliveryAddress && (
            <Text size="sm">
              <Text span size="xs" c="dimmed">
                Delivering To{' '}
              </Text>
              {order.deliveryAddress}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
