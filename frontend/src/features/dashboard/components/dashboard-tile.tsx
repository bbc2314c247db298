import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { VisibleTile } from './dashboard-tiles.js';
import classes from './dashboard.module.css';

/** One area of the dashboard with the links the user's features allow. */
export function DashboardTile({ tile }: { tile: VisibleTile }) {
  const Icon = tile.icon;
  return (
    <Card padding="lg" className={classes.tile} component="article" aria-label={tile.title}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <Icon size={22} stroke={1.7} />
        </ThemeIcon>
        <div>
          <Title order={3} fz="lg">
            {tile.title}
          </Title>
          <Text size="sm" c="dimmed" lh={1.35}>
            {tile.description}
          </Text>
        </div>
      </Group>
      <Stack gap={2} mt="xs" component="ul" className={classes.links}>
        {tile.links.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} className={classes.link} underline="never">
              <span>{link.label}</span>
              <IconChevronRight size={16} aria-hidden />
            </Anchor>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
