import { Accordion, Badge, EmptyState, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAddressBook, IconBuildingWarehouse, IconLock, IconSettings, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { ModuleName } from '../../../../../shared/features.js';
import { Page } from '../../../components/page.js';
import { displayName, useSession } from '../../../lib/session.js';
import { HeldBillsNotice } from '../../held-bills/components/held-bills-notice.js';
import { DashboardTile } from '../components/dashboard-tile.js';
import { TotalDue } from '../components/total-due.js';
import { visibleSections } from '../components/dashboard-tiles.js';
import { seesTodayFigures } from '../components/today-figures-access.js';
import classes from '../components/dashboard.module.css';

const moduleIcons: Record<ModuleName, typeof IconUsers> = {
  ERP: IconUsers,
  IMS: IconBuildingWarehouse,
  CRM: IconAddressBook,
  ADMIN: IconSettings,
};

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The day's money loads after the tiles, in its own chunk. */
const TodayFigures = lazy(() => import('../components/today-figures.js'));

const today = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** Staff dashboard (spec 1 section 2): the sections, tiles and links the user's features allow. */
export default function HomeScreen() {
  const session = useSession();
  if (!session) return null;
  const sections = visibleSections(session.features, session.user?.appUserId);
  const now = new Date();

  return (
    <Page
      title={`${greeting(now.getHours())}, ${displayName(session)}`}
      description={[session.tenant?.displayName, today.format(now)].filter(Boolean).join(' · ')}
    >
      <HeldBillsNotice canDecide={session.features.includes('HeldBills')} />
      {(session.features.includes('CustomerCredit') || session.features.includes('ReportList')) && <TotalDue canOpen={session.features.includes('CustomerCredit')} />}
      {seesTodayFigures(session.features) && (
        <Suspense fallback={null}>
          <TodayFigures />
        </Suspense>
      )}
      {sections.length === 0 ? (
        <EmptyState
          icon={<IconLock size={28} />}
          variant="light"
          title="Nothing to show yet"
          description="Your role has no back-office features. Ask your shop administrator to assign them."
        />
      ) : (
        <Accordion
          multiple
          defaultValue={sections.map((s) => s.module)}
          variant="unstyled"
          order={2}
          chevronPosition="right"
          classNames={{ item: classes.sectionItem, content: classes.sectionContent }}
        >
          {sections.map((section) => {
            const Icon = moduleIcons[section.module];
            return (
              <Accordion.Item key={section.module} value={section.module}>
                <Accordion.Control
                  icon={
                    <ThemeIcon variant="filled" radius="md" size={34} aria-hidden>
                      <Icon size={20} />
                    </ThemeIcon>
                  }
                >
                  <Group gap="sm">
                    <Text fw={650} fz="lg">
                      {section.title}
                    </Text>
                    <Badge variant="light" color="gray" size="sm">
                      {section.tiles.length} {section.tiles.length === 1 ? 'area' : 'areas'}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" pb="xs">
                    {section.tiles.map((tile) => (
                      <DashboardTile key={tile.title} tile={tile} />
                    ))}
                  </SimpleGrid>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Page>
  );
}
