import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import type { ReportCharts as Charts } from '../../../../../shared/schemas/report.js';

/**
 * The report's pictures: money per day by payment mode, the best-selling products and the cash/online split, or
 * goods received per day. Small SVG drawings rather than a chart library, so the screen's chunk stays small; each
 * carries its figures in words for screen readers.
 */
const CASH = 'var(--mantine-color-teal-6)';
const ONLINE = 'var(--mantine-color-indigo-5)';
const BAR = 'var(--mantine-color-orange-5)';

const shortDate = (date: string) => formatDate(date).slice(0, 5);

function Legend({ items }: { items: { label: string; colour: string }[] }) {
  return (
    <Group gap="md" aria-hidden>
      {items.map((item) => (
        <Group gap={6} key={item.label}>
          <svg width="12" height="12">
            <rect width="12" height="12" rx="2" fill={item.colour} />
          </svg>
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0}>
      <Stack gap="xs">
        <Text fw={600} size="sm" component="figcaption">
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** Stacked columns per day (cash below, online above), labelled under every column when they fit. */
function SalesByDay({ days }: { days: NonNullable<Charts['byDay']> }) {
  const width = 560;
  const height = 180;
  const bottom = 20;
  const max = Math.max(1, ...days.map((d) => d.cash + d.online));
  const step = width / Math.max(days.length, 1);
  const barWidth = Math.max(2, Math.min(36, step * 0.7));
  const labelEvery = Math.ceil(days.length / 10);
  const described = days.map((d) => `${formatDate(d.date)}: cash ${formatRupees(d.cash)}, online ${formatRupees(d.online)}`).join('; ');
  return (
    <ChartCard title="Sales by day">
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`Sales by day. ${described}`} data-testid="chart-sales-by-day">
        {days.map((d, i) => {
          const x = i * step + (step - barWidth) / 2;
          const cashHeight = ((height - bottom) * d.cash) / max;
          const onlineHeight = ((height - bottom) * d.online) / max;
          return (
            <g key={d.date}>
              <rect x={x} y={height - bottom - cashHeight} width={barWidth} height={cashHeight} fill={CASH}>
                <title>{`${formatDate(d.date)} cash ${formatRupees(d.cash)}`}</title>
              </rect>
              <rect x={x} y={height - bottom - cashHeight - onlineHeight} width={barWidth} height={onlineHeight} fill={ONLINE}>
                <title>{`${formatDate(d.date)} online ${formatRupees(d.online)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={height - 5} fontSize="10" textAnchor="middle" fill="currentColor">
                  {shortDate(d.date)}
                </text>
              )}
            </g>
          );
        })}
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} stroke="var(--mantine-color-gray-4)" />
      </svg>
      <Legend items={[{ label: 'Cash', colour: CASH }, { label: 'Online', colour: ONLINE }]} />
    </ChartCard>
  );
}

/** Horizontal bars, longest first, each with its label and figure in text. */
function Bars({ title, points, money, testId }: { title: string; points: { label: string; value: number }[]; money: boolean; testId: string }) {
  const max = Math.max(1, ...points.map((p) => Math.abs(p.value)));
  const shown = (value: number) => (money ? formatRupees(value) : String(value));
  return (
    <ChartCard title={title}>
      <Stack gap={6} role="list" aria-label={title} data-testid={testId}>
        {points.map((p) => (
          <div role="listitem" key={p.label} aria-label={`${p.label}: ${shown(p.value)}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" truncate>
                {p.label.length === 10 && /^\d{4}-\d{2}-\d{2}$/.test(p.label) ? formatDate(p.label) : p.label}
              </Text>
              <Text size="xs" fw={600}>
                {shown(p.value)}
              </Text>
            </Group>
            <svg width="100%" height="8" aria-hidden>
              <rect width={`${(100 * Math.max(p.value, 0)) / max}%`} height="8" rx="3" fill={BAR} />
            </svg>
          </div>
        ))}
      </Stack>
    </ChartCard>
  );
}

/** One bar split by mode, with each mode's amount and share. */
function PaymentSplit({ modes }: { modes: NonNullable<Charts['paymentModes']> }) {
  const total = modes.reduce((sum, m) => sum + m.value, 0);
  const colours = [CASH, ONLINE];
  let start = 0;
  const share = (value: number) => (total > 0 ? Math.round((100 * value) / total) : 0);
  const described = modes.map((m) => `${m.label} ${formatRupees(m.value)} (${share(m.value)}%)`).join(', ');
  return (
    <ChartCard title="Payment modes">
      <svg viewBox="0 0 100 12" width="100%" height="24" preserveAspectRatio="none" role="img" aria-label={`Payment modes: ${described}`} data-testid="chart-payment-modes">
        {total > 0 ? (
          modes.map((m, i) => {
            const width = (100 * m.value) / total;
            const rect = <rect key={m.label} x={start} width={width} height="12" fill={colours[i % colours.length]} />;
            start += width;
            return rect;
          })
        ) : (
          <rect width="100" height="12" fill="var(--mantine-color-gray-3)" />
        )}
      </svg>
      <Group gap="lg">
        {modes.map((m, i) => (
          <Group gap={6} key={m.label}>
            <svg width="12" height="12" aria-hidden>
              <rect width="12" height="12" rx="2" fill={colours[i % colours.length]} />
            </svg>
            <Text size="sm">
              {m.label} {formatRupees(m.value)} · {share(m.value)}%
            </Text>
          </Group>
        ))}
      </Group>
    </ChartCard>
  );
}

export default function ReportCharts({ charts, receivedInRupees }: { charts: Charts; receivedInRupees: boolean }) {
  const parts = [
    charts.byDay && charts.byDay.length > 0 && <SalesByDay key="days" days={charts.byDay} />,
    charts.topProducts && charts.topProducts.length > 0 && <Bars key="top" title="Top products (sold value)" points={charts.topProducts} money testId="chart-top-products" />,
    charts.paymentModes && <PaymentSplit key="modes" modes={charts.paymentModes} />,
    charts.receivedByDay && charts.receivedByDay.length > 0 && (
      <Bars key="received" title={receivedInRupees ? 'Received per day (bought value)' : 'Units received per day'} points={charts.receivedByDay} money={receivedInRupees} testId="chart-received" />
    ),
  ].filter(Boolean);
  if (!parts.length) return null;
  return <SimpleGrid cols={{ base: 1, md: parts.length > 1 ? 2 : 1 }}>{parts}</SimpleGrid>;
}
