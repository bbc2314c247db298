import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../../../shared/schemas/cart.js';

const COLOURS: Record<OrderStatus, string> = { OrderSuccess: 'blue', Shipped: 'orange', Delivered: 'green', OrderFail: 'red' };

/** An order's status as the spec names it (OrderSuccess, Shipped, Delivered, OrderFail). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" radius="sm" tt="none" miw="max-content">
      {status}
    </Badge>
  );
}
