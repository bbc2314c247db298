import { Alert, Anchor, Badge, Button, Center, Group, List, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { shopDay } from '../../../../../shared/bill.js';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import type { Gstr1ProblemView, Gstr1Summary } from '../../../../../shared/schemas/gstr1.js';
import { tenantIdFromUserName } from '../../../../../shared/tenant.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { getSession } from '../../../lib/session.js';
import { einvoiceFile, gstr1File, useGstr1 } from '../api/gst-return.js';

/** April first: GSTR-1 months are picked within a financial year (April to March). */
const FY_MONTHS = [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const YEARS_SHOWN = 4;

/** The financial year (its first calendar year) of a month. */
const fyOf = (month: number, year: number) => (month >= 4 ? year : year - 1);
const fyLabel = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
const yearOf = (fy: number, month: number) => (month >= 4 ? fy : fy + 1);

/** Today's month (India), and the month a shop files now: the one before. */
function monthsNow(now = new Date()) {
  const [year, month] = shopDay(now).split('-').map(Number) as [number, number];
  const previous = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
  return { current: { month, year }, previous };
}

/** `?month=6&year=2026` when it names a month up to now, else the month before this one. */
function periodFrom(params: URLSearchParams) {
  const { current, previous } = monthsNow();
  const month = Number(params.get('month'));
  const year = Number(params.get('year'));
  const valid = Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year * 12 + month <= current.year * 12 + current.month && year >= 2017;
  return valid ? { month, year } : previous;
}

function MonthPicker({ month, year, onChange }: { month: number; year: number; onChange: (p: { month: number; year: number }) => void }) {
  const { current } = monthsNow();
  const currentFy = fyOf(current.month, current.year);
  const fy = fyOf(month, year);
  const monthsOf = (start: number) => FY_MONTHS.filter((m) => yearOf(start, m) * 12 + m <= current.year * 12 + current.month);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Financial year"
        data={Array.from({ length: YEARS_SHOWN }, (_, i) => ({ value: String(currentFy - i), label: fyLabel(currentFy - i) }))}
        value={String(fy)}
        allowDeselect={false}
        w={130}
        onChange={(v) => {
          if (!v) return;
          const start = Number(v);
          const months = monthsOf(start);
          const m = months.includes(month) ? month : months[months.length - 1]!;
          onChange({ month: m, year: yearOf(start, m) });
        }}
      />
      <Select
        label="Month"
        data={monthsOf(fy).map((m) => ({ value: String(m), label: `${MONTH_NAMES[m - 1]} ${yearOf(fy, m)}` }))}
        value={String(month)}
        allowDeselect={false}
        w={180}
        onChange={(v) => v && onChange({ month: Number(v), year: yearOf(fy, Number(v)) })}
      />
    </Group>
  );
}

/** Where to go to fix a problem. */
function FixLink({ problem }: { problem: Gstr1ProblemView }) {
  const fix = problem.fix;
  switch (fix.to) {
    case 'shop': {
      const userName = getSession()?.userName;
      const tenantId = userName ? tenantIdFromUserName(userName) : null;
      return tenantId ? (
        <Anchor component={Link} to={`/tenant/${tenantId}`}>
          Open the shop's details
        </Anchor>
      ) : null;
    }
    case 'product':
      return (
        <Anchor component={Link} to="/product/edit" state={{ ids: [fix.productId] }}>
          Edit the product
        </Anchor>
      );
    case 'customer':
      return fix.customerId ? (
        <Anchor component={Link} to={`/customer/${fix.customerId}`}>
          Edit the customer
        </Anchor>
      ) : (
        <Anchor component={Link} to={`/receipt?id=${fix.purchaseId}`}>
          Open the bill
        </Anchor>
      );
    case 'bill':
      return (
        <Anchor component={Link} to={`/receipt?id=${fix.purchaseId}`}>
          Open the bill
        </Anchor>
      );
  }
}

const money = (rupees: number) => formatRupees(rupees);

function Sections({ summary }: { summary: Gstr1Summary }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder aria-label="GSTR-1 sections">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Section</Table.Th>
            <Table.Th>Table</Table.Th>
            <Table.Th ta="right">Count</Table.Th>
            <Table.Th ta="right">Taxable value</Table.Th>
            <Table.Th ta="right">IGST</Table.Th>
            <Table.Th ta="right">CGST</Table.Th>
            <Table.Th ta="right">SGST</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.sections.map((s) => (
            <Table.Tr key={s.key}>
              <Table.Td>{s.title}</Table.Td>
              <Table.Td>{s.table}</Table.Td>
              <Table.Td ta="right">{s.count}</Table.Td>
              <Table.Td ta="right">{s.key === 'docs' ? '' : money(s.taxable)}</Table.Td>
              <Table.Td ta="right">{s.key === 'docs' ? '' : money(s.igst)}</Table.Td>
              <Table.Td ta="right">{s.key === 'docs' ? '' : money(s.cgst)}</Table.Td>
              <Table.Td ta="right">{s.key === 'docs' ? '' : money(s.sgst)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>Invoices less credit notes</Table.Td>
            <Table.Td ta="right">{money(summary.net.taxable)}</Table.Td>
            <Table.Td ta="right">{money(summary.net.igst)}</Table.Td>
            <Table.Td ta="right">{money(summary.net.cgst)}</Table.Td>
            <Table.Td ta="right">{money(summary.net.sgst)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function Details({ summary, onEinvoice }: { summary: Gstr1Summary; onEinvoice: (purchaseId: number, number: string) => void }) {
  return (
    <Stack gap="md">
      {summary.smallRows.length > 0 && (
        <Stack gap={4}>
          <Title order={2} fz="lg">
            B2C small by place of supply and rate
          </Title>
          <Table withTableBorder aria-label="B2C small">
            <Table.Tbody>
              {summary.smallRows.map((r) => (
                <Table.Tr key={`${r.placeOfSupply}-${r.rate}`}>
                  <Table.Td>{r.placeOfSupply}</Table.Td>
                  <Table.Td>{r.rate}%</Table.Td>
                  <Table.Td ta="right">{money(r.taxable)}</Table.Td>
                  <Table.Td ta="right">tax {money(r.igst + r.cgst + r.sgst)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {summary.quantities.length > 0 && (
        <Text>
          <b>HSN quantities:</b> {summary.quantities.map((q) => `${q.quantity} ${q.unit}`).join(' · ')}
        </Text>
      )}
      {summary.documents.length > 0 && (
        <Stack gap={4}>
          <Title order={2} fz="lg">
            Documents issued
          </Title>
          <Table withTableBorder aria-label="Documents issued">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Cancelled</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.documents.map((d) => (
                <Table.Tr key={`${d.nature}-${d.from}`}>
                  <Table.Td>{d.nature}</Table.Td>
                  <Table.Td>{d.from}</Table.Td>
                  <Table.Td>{d.to}</Table.Td>
                  <Table.Td ta="right">{d.total}</Table.Td>
                  <Table.Td ta="right">{d.cancelled}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {summary.b2bInvoices.length > 0 && (
        <Stack gap={4}>
          <Title order={2} fz="lg">
            B2B invoices and their e-invoice
          </Title>
          <Table withTableBorder aria-label="B2B invoices">
            <Table.Tbody>
              {summary.b2bInvoices.map((i) => (
                <Table.Tr key={i.purchaseId}>
                  <Table.Td>{i.number}</Table.Td>
                  <Table.Td>{formatDate(i.date)}</Table.Td>
                  <Table.Td>
                    {i.customerName} ({i.gstin})
                  </Table.Td>
                  <Table.Td ta="right">{money(i.value)}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="light" onClick={() => onEinvoice(i.purchaseId, i.number)}>
                      E-invoice JSON
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * GST return (GSTR-1): pick a month of a financial year, see its sections with counts and totals, fix what is
 * listed, then download the portal's JSON or the workbook. Downloads stay off while problems are listed (the server
 * refuses them too).
 */
export default function GstReturnScreen() {
  const [params, setParams] = useSearchParams();
  const { month, year } = periodFrom(params);
  const gstr1 = useGstr1(month, year);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (what: string, fetchFile: () => Promise<{ blob: Blob; fileName: string | undefined }>, fallback: string) => {
    setBusy(what);
    setFailure(null);
    try {
      const { blob, fileName } = await fetchFile();
      saveFile(blob, fileName ?? fallback);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'The file could not be downloaded.');
    } finally {
      setBusy(null);
    }
  };
  const summary = gstr1.data;
  const blocked = !summary || summary.problems.length > 0;
  const fp = `${String(month).padStart(2, '0')}${year}`;
  return (
    <Page title="GST return (GSTR-1)" description="Outward supplies of a month, as the GST portal asks for them." size="xl">
      <RequireFeature anyOf={['GstReturn']} what="the GST return">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <MonthPicker month={month} year={year} onChange={(p) => setParams({ month: String(p.month), year: String(p.year) })} />
            <Group gap="sm">
              <Button disabled={blocked} loading={busy === 'json'} onClick={() => void download('json', () => gstr1File(month, year, 'json'), `GSTR1_${fp}.json`)}>
                Download JSON
              </Button>
              <Button variant="default" disabled={blocked} loading={busy === 'xlsx'} onClick={() => void download('xlsx', () => gstr1File(month, year, 'xlsx'), `GSTR1_${fp}.xlsx`)}>
                Download Excel
              </Button>
            </Group>
          </Group>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {gstr1.isPending ? (
            <Center py="xl">
              <Loader aria-label="Loading GSTR-1" />
            </Center>
          ) : summary ? (
            <>
              {summary.problems.length > 0 && (
                <Alert color="orange" title={`Fix ${summary.problems.length === 1 ? 'this' : `these ${summary.problems.length} problems`} before downloading`}>
                  <List spacing="xs" aria-label="Problems to fix">
                    {summary.problems.map((p) => (
                      <List.Item key={p.message}>
                        <Text span>{p.message}</Text> <FixLink problem={p} />
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <Group gap="xs">
                <Badge variant="light">Return period {summary.fp}</Badge>
                <Badge variant="light">Financial year {summary.financialYear}</Badge>
              </Group>
              <Sections summary={summary} />
              <Details summary={summary} onEinvoice={(id, number) => void download(`einv-${id}`, () => einvoiceFile(id), `EINV_${number.replace(/\//g, '-')}.json`)} />
            </>
          ) : null}
        </Stack>
      </RequireFeature>
    </Page>
  );
}
