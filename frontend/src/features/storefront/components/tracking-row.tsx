import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import {
  DELIVERY_CONTACT_NUMBER,
  DELIVERY_CONTACT_REQUIRED,
  DELIVERY_PERSON_REQUIRED,
  TO_BE_UPDATED,
  type OrderRow,
} from '../../../../../shared/schemas/cart.js';
import { OrderStatusBadge } from './order-status-badge.js';

/** The checks the server makes on Ship, with its messages: a delivery person, and a contact of 6 to 15 digits. */
export function shipProblems(person: string, contact: string): { person?: string; contact?: string } {
  const problems: { person?: string; contact?: string } = {};
  if (!person.trim()) problems.person = DELIVERY_PERSON_REQUIRED;
  const digits = contact.trim();
  if (!digits) problems.contact = DELIVERY_CONTACT_REQUIRED;
  else if (!/^\d{6,15}$/.test(digits)) problems.contact = DELIVERY_CONTACT_NUMBER;
  return problems;
}

interface TrackingRowProps {
  order: OrderRow;
  /** The user holds OrderEdit: Ship and Deliver are offered. */
  canEdit: boolean;
  busy: boolean;
  onShip: (order: OrderRow, deliveryPerson: string, deliveryContact: string) => void;
  onDeliver: (order: OrderRow) => void;
}

/** A customer shown without the shop's domain in the name (`MeenaIyer@demo.shop` -> `MeenaIyer`). */
const shownName = (customerName: string) => customerName.split('@')[0] ?? customerName;

/**
 * One order on order tracking (spec 1 section 2). An OrderSuccess order takes the delivery person and contact in
 * its row and offers Ship; a Shipped one offers Deliver; the dates stamped by the server show under the status.
 */
export function TrackingRow({ order, canEdit, busy, onShip, onDeliver }: TrackingRowProps) {
  const [person, setPerson] = useState('');
  const [contact, setContact] = useState('');
  const [problems, setProblems] = useState<{ person?: string; contact?: string }>({});
  const shipping = canEdit && order.status === 'OrderSuccess';
  const name = `${order.productName} for ${shownName(order.customerName)}`;

  const ship = () => {
    const found = shipProblems(person, contact);
    setProblems(found);
    if (!found.person && !found.contact) onShip(order, person.trim(), contact.trim());
  };

  return (
    <Table.Tr>
      <Table.Td>{formatDate(order.orderDate) || TO_BE_UPDATED}</Table.Td>
      <Table.Td>
        <Text size="sm">{order.customerOrderId ?? '—'}</Text>
        {order.orderId && (
          <Text size="xs" c="dimmed">
            {order.orderId}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {shownName(order.customerName)}
        </Text>
        <Text size="xs">{order.mobileNumber}</Text>
        {/* The address the order goes to (chosen at checkout), not the customer's profile address. */}
        {order.address && (
          <Text size="xs" c="dimmed">
            Deliver to: {order.address}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{order.productName}</Text>
        <Text size="xs" c="dimmed">
          {order.artcode} · {formatRupees(order.amount)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{order.quantity}</Table.Td>
      <Table.Td miw={130}>
        <Stack gap={4} align="flex-start">
          <OrderStatusBadge status={order.status} />
          {order.shippedDate && <Text size="xs">Shipped {formatDate(order.shippedDate)}</Text>}
          {order.deliveredDate && <Text size="xs">Delivered {formatDate(order.deliveredDate)}</Text>}
        </Stack>
      </Table.Td>
      <Table.Td>
        {shipping ? (
          <TextInput
            size="xs"
            aria-label={`Delivery Person, ${name}`}
            placeholder="Delivery Person"
            value={person}
            error={problems.person}
            onChange={(e) => {
              setPerson(e.currentTarget.value);
              if (problems.person) setProblems((p) => ({ ...p, person: undefined }));
            }}
          />
        ) : (
          order.deliveryPerson || TO_BE_UPDATED
        )}
      </Table.Td>
      <Table.Td>
        {shipping ? (
          <TextInput
            size="xs"
            inputMode="numeric"
            aria-label={`Delivery Contact, ${name}`}
            placeholder="Delivery Contact"
            value={contact}
            error={problems.contact}
            onChange={(e) => {
              setContact(e.currentTarget.value);
              if (problems.contact) setProblems((p) => ({ ...p, contact: undefined }));
            }}
          />
        ) : (
          order.deliveryContact || TO_BE_UPDATED
        )}
      </Table.Td>
      <Table.Td>
        {shipping && (
          <Button size="xs" onClick={ship} loading={busy} aria-label={`Ship ${name}`}>
            Ship
          </Button>
        )}
        {canEdit && order.status === 'Shipped' && (
          <Button size="xs" color="green" onClick={() => onDeliver(order)} loading={busy} aria-label={`Deliver ${name}`}>
            Deliver
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
