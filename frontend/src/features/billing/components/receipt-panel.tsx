import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPrinter, IconReceipt } from '@tabler/icons-react';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Receipt } from '../../../../../shared/schemas/purchase.js';
import { MESSAGE_SENDERS } from '../../../../../shared/routes/messages.js';
import { isApiError } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { useCan } from '../../../lib/use-can.js';
import { creditNotePdf, useReceipt } from '../api/billing.js';
import { PaperChoice, usePaperChoice } from './paper-choice.js';
import { printReceipt, ReceiptView, type PaperSize } from './receipt-view.js';
import { SendReceipt } from './send-receipt.js';


/**
 * A bill's receipt with the choice of paper and Print; `onPrinted` runs after the Print button has printed, and
 * `actions` are buttons shown beside it (the receipt screen's Cancel).
 */
export function ReceiptPanel({
  purchaseId,
  provisional,
  autoPrint = false,
  onShown,
  onPrinted,
  actions,
}: {
  purchaseId: number;
  /** A bill made offline: its receipt built on the device, printed with its provisional number. */
  provisional?: { receipt: Receipt; provisionalNumber: string };
  autoPrint?: boolean;
  onShown?: () => void;
  onPrinted?: () => void;
  actions?: ReactNode;
}) {
  const fetched = useReceipt(provisional ? undefined : purchaseId);
  const receipt = provisional ? { data: provisional.receipt, isPending: false, isError: false, error: null } : fetched;
  const [paper, setPaper] = usePaperChoice();
  const printed = useRef(false);
  const [printProblem, setPrintProblem] = useState<string>();
  // Whoever may send a bill's receipt (the till, re-bill, returns); a bill kept on the device has none to send yet.
  const maySend = useCan()(...MESSAGE_SENDERS) && !provisional;

  // Printed (when asked) once, as soon as the receipt is on screen; then the caller may move on.
  useEffect(() => {
    if (!receipt.data || printed.current) return;
    printed.current = true;
    const problem = autoPrint ? printReceipt(paper) : undefined;
    setPrintProblem(problem);
    // A receipt that could not be printed stays on screen with the message.
    if (!problem) onShown?.();
  }, [autoPrint, receipt.data, paper, onShown]);

  if (receipt.isPending) return <Loader aria-label="Loading the receipt" />;
  if (receipt.isError) {
    return (
      <Alert color="red" role="alert">
        {isApiError(receipt.error) ? receipt.error.message : 'The receipt could not be loaded.'}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PaperChoice value={paper} onChange={setPaper} />
        <Group gap="sm">
          {actions}
          <Button
            leftSection={<IconPrinter size={16} />}
            onClick={() => {
              const problem = printReceipt(paper);
              setPrintProblem(problem);
              if (!problem) onPrinted?.();
            }}
          >
            Print
          </Button>
        </Group>
      </Group>
      {printProblem && (
        <Alert color="red" variant="light" role="alert">
          {printProblem}
        </Alert>
      )}
      {maySend && <SendReceipt purchaseId={purchaseId} emailId={receipt.data.purchase.emailId} mobileNumber={receipt.data.purchase.mobileNumber} />}
      <ReceiptView receipt={receipt.data} paper={paper} provisionalNumber={provisional?.provisionalNumber} />
      <CreditNotes purchaseId={purchaseId} notes={receipt.data.creditNotes} />
    </Stack>
  );
}

/**
 * The credit notes the bill's returns issued, each to print again on A4 or on the till's 80 mm roll (outside the
 * receipt, so not printed with it).
 */
function CreditNotes({ purchaseId, notes }: { purchaseId: number; notes: Receipt['creditNotes'] }) {
  const [problem, setProblem] = useState<string>();
  if (!notes.length) return null;
  const download = async (returnId: number, paper: PaperSize) => {
    setProblem(undefined);
    try {
      const { blob, fileName } = await creditNotePdf(purchaseId, returnId, paper);
      saveFile(blob, fileName ?? `Credit_Note_${purchaseId}_${returnId}.pdf`);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The credit note could not be downloaded.');
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label="Credit notes">
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {notes.map((note) => (
        <Group key={note.returnId} justify="space-between" gap="sm">
          <Text size="sm">
            Credit note {note.creditNoteNumber ?? `of return ${note.returnId}`}, {formatDate(note.creditNoteDate)}: {formatRupees(note.value)}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconFileTypePdf size={14} />} onClick={() => void download(note.returnId, 'a4')}>
              Credit note PDF
            </Button>
            <Button size="xs" variant="default" leftSection={<IconReceipt size={14} />} onClick={() => void download(note.returnId, 'roll80')}>
              Credit note 80 mm
            </Button>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
