import { Box, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-frame.module.css';

interface AuthFrameProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

const strengths = [
  'Billing with GST, receipts and returns',
  'Stock, purchase orders and products',
  'Employees, leave and holidays',
  'Customers, online orders and payments',
];

/** The frame of the signed-out screens: a product panel beside the form on wide screens, the form alone on a phone. */
export function AuthFrame({ title, description, children }: AuthFrameProps) {
  return (
    <Box className={classes.backdrop}>
      <Box className={classes.panel}>
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            Run your whole shop from one desk.
          </Title>
          <Text c="brand.0" fz="lg">
            Counter billing, stock, staff and your online store, kept together in one place.
          </Text>
          <List
            spacing="sm"
            c="white"
            icon={
              <ThemeIcon size={22} radius="xl" color="saffron.6" aria-hidden>
                <IconCheck size={14} stroke={3} />
              </ThemeIcon>
            }
          >
            {strengths.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      </Box>
      <Box className={classes.formSide}>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {description && <Text c="dimmed">{description}</Text>}
          </Stack>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
