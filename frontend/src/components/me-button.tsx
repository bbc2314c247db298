import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { displayName, type Session } from '../lib/session.js';

/** The Me button: the menu's target, and before the menu's code has arrived a button that fetches it. */
export const MeButton = forwardRef<HTMLButtonElement, { session: Session } & ComponentPropsWithoutRef<'button'>>(function MeButton({ session, ...props }, ref) {
  return (
    <UnstyledButton ref={ref} aria-label="Me menu" aria-haspopup="menu" px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }} {...props}>
      <Group gap={6} wrap="nowrap">
        <Avatar size={32} radius="xl" color="brand" name={displayName(session)} />
        <Text size="sm" fw={600} visibleFrom="sm">
          Me
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
});
