import { Group, Select } from '@mantine/core';
import { monthOptions } from './period.js';

interface PeriodSelectProps {
  month?: number;
  year: number;
  years: number[];
  /** Months after the current one are not offered in the current year. */
  upToNow?: boolean;
  onChange: (period: { month: number; year: number }) => void;
}

/** Month and year selects (or the year alone when `month` is left out). */
export function PeriodSelect({ month, year, years, upToNow = false, onChange }: PeriodSelectProps) {
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
