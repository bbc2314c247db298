import { Group, Select } from '@mantine/core';
import { financialYearLabel, financialYearSpan } from '../../../shared/financial-year.js';
import { financialYearStart } from '../../../shared/gst.js';
import { currentPeriod, MONTHS, monthOptions } from './period.js';

interface PeriodSelectProps {
  month?: number;
  year: number;
  years: number[];
  /** Months after the current one are not offered in the current year. */
  upToNow?: boolean;
  /**
   * Offer the year as Indian financial years (`FY 2026-27`) with their months April to March; the period chosen is
   * still a calendar month and year (January–March fall in the year after the one the financial year starts in).
   * `years` are then the financial years offered, by the calendar year each starts in (`recentFinancialYears`).
   */
  byFinancialYear?: boolean;
  onChange: (period: { month: number; year: number }) => void;
}

/** Month and year selects (or the year alone when `month` is left out). */
export function PeriodSelect(props: PeriodSelectProps) {
  if (props.byFinancialYear && props.month !== undefined) return <FinancialPeriodSelect {...props} month={props.month} />;
  const { month, year, years, upToNow = false, onChange } = props;
  const pickYear = (value: string | null) => {
    if (!value) return;
    const y = Number(value);
    const months = monthOptions(y, upToNow);
    const m = month === undefined ? 1 : Math.min(month, months.length);
    onChange({ month: m, year: y });
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {month !== undefined && (
        <Select
          label="Month"
          data={monthOptions(year, upToNow)}
          value={String(month)}
          onChange={(v) => v && onChange({ month: Number(v), year })}
          allowDeselect={false}
          w={160}
        />
      )}
      <Select label="Year" data={years.map(String)} value={String(year)} onChange={pickYear} allowDeselect={false} w={110} />
    </Group>
  );
}

const monthKey = (year: number, month: number) => year * 100 + month;

/** A financial year's months (April first) as calendar months, up to the current one when `upToNow`. */
function financialMonths(startYear: number, upToNow: boolean) {
  const now = currentPeriod();
  return financialYearSpan(startYear).months.filter((m) => !upToNow || monthKey(m.year, m.month) <= monthKey(now.year, now.month));
}

function FinancialPeriodSelect({ month, year, years, upToNow = false, onChange }: PeriodSelectProps & { month: number }) {
  const shown = financialYearStart(`${year}-${String(month).padStart(2, '0')}-01`);
  const months = financialMonths(shown, upToNow);
  const pickYear = (value: string | null) => {
    if (!value) return;
    const offered = financialMonths(Number(value), upToNow);
    // The same month in the other year when it is offered there, otherwise its last month offered.
    const next = offered.find((m) => m.month === month) ?? offered.at(-1)!;
    onChange(next);
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Month"
        data={months.map((m) => ({ value: String(m.month), label: MONTHS[m.month - 1]! }))}
        value={String(month)}
        onChange={(v) => {
          const chosen = months.find((m) => m.month === Number(v));
          if (chosen) onChange(chosen);
        }}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Year"
        data={years.map((y) => ({ value: String(y), label: financialYearLabel(y) }))}
        value={String(shown)}
        onChange={pickYear}
        allowDeselect={false}
        w={130}
      />
    </Group>
  );
}
