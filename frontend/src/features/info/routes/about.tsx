import { Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconArrowLeft,
  IconBrandAndroid,
  IconBuildingWarehouse,
  IconUsers,
  IconWorldWww,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page.js';
import { landingPath, useSession } from '../../../lib/session.js';

const modules = [
  {
    title: 'Inventory (IMS)',
    icon: IconBuildingWarehouse,
    points: ['Counter billing with GST receipts', 'Stock, inventory and spreadsheet upload', 'Products, categories and taxes', 'Returns, expenses and reports'],
  },
  {
    title: 'ERP',
    icon: IconUsers,
    points: ['Employees and reporting lines', 'Roles and features', 'Leave applications and approvals', 'Public and company holidays'],
  },
  {
    title: 'CRM',
    icon: IconAddressBook,
    points: ['Customers and credit points', 'Business partners', 'Online cart, wishlist and payments', 'Order tracking to delivery'],
  },
];

/** About the Product (spec 3 section 2 "Other"), with Back to /home. */
export default function AboutScreen() {
  const session = useSession();
  return (
    <Page
      title="About the Product"
      description="An integrated management system for shops: inventory, ERP and CRM in one place."
      actions={
        <Button component={Link} to={session ? landingPath(session) : '/login'} variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {modules.map((module) => (
          <Card key={module.title} padding="lg">
            <Group gap="sm" mb="sm">
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                <module.icon size={22} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {module.title}
              </Title>
            </Group>
            <List spacing={6} size="sm">
              {module.points.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
      <Card padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Available where you work
          </Title>
          <Text c="dimmed" size="sm">
            The same shop, the same data, on the counter computer and in your pocket.
          </Text>
          <Group gap="xl">
            <Group gap="xs">
              <IconWorldWww size={22} aria-hidden />
              <Text fw={500}>Web browser</Text>
            </Group>
            <Group gap="xs">
              <IconBrandAndroid size={22} aria-hidden />
              <Text fw={500}>Android mobile</Text>
            </Group>
          </Group>
        </Stack>
      </Card>
    </Page>
  );
}
