import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import type { PaperSize } from './receipt-view.js';

const PAPER_KEY = 'shopdesk.receiptPaper';

/** The till's paper is remembered on this device: an 80 mm roll or A4. */
const storedPaper = (): PaperSize => (localStorage.getItem(PAPER_KEY) === 'a4' ? 'a4' : 'roll80');

/** The paper a receipt or credit note prints on, and its choice, kept for the next print on this device. */
export function usePaperChoice() {
  const [paper, setPaper] = useState<PaperSize>(storedPaper);
  const choose = (value: PaperSize) => {
    setPaper(value);
    localStorage.setItem(PAPER_KEY, value);
  };
  return [paper, choose] as const;
}

export function PaperChoice({ value, onChange }: { value: PaperSize; onChange: (value: PaperSize) => void }) {
  return (
    <SegmentedControl
      aria-label="Paper"
      value={value}
      onChange={(v) => onChange(v as PaperSize)}
      data={[
        { value: 'roll80', label: '80 mm roll' },
        { value: 'a4', label: 'A4' },
      ]}
    />
  );
}
