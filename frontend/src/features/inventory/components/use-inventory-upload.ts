import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadStaged } from '../../../../../shared/schemas/inventory.js';
import { isApiError, type ApiErrorDetail } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { commitBatch, stageUpload } from '../api/inventory.js';

/**
 * Where an upload is: the file being checked; the server asking whether to take a file it has seen before; the
 * file refused (with the rows' problems when it listed them); batches being saved; a batch that would not save
 * (resumable); or every row saved.
 */
export type UploadState =
  | { step: 'idle' }
  | { step: 'checking'; fileName: string }
  | { step: 'duplicate'; fileName: string; question: string }
  | { step: 'refused'; fileName: string; message: string; problems: ApiErrorDetail[] }
  | { step: 'saving'; staged: UploadStaged; savedRows: number; batch: number }
  | { step: 'stalled'; staged: UploadStaged; savedRows: number; batch: number; message: string }
  | { step: 'done'; staged: UploadStaged; savedRows: number };

/** Attempts per batch before the upload stops and offers Resume; a batch sent again never saves twice. */
export const BATCH_ATTEMPTS = 3;
const RETRY_DELAY_MS = 800;

/** A refusal that will not change if sent again (the server said no); anything else may be a dropped connection. */
const isFinal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

interface UploadOptions {
  userName: string;
  /** After the last batch: the lists showing inventory and stock reload. */
  onFinished?: () => void;
  /** A failure that is not the server's answer about the file (expired session, server error): the error screen. */
  onUnexpected: (error: unknown) => void;
  retryDelayMs?: number;
}

/**
 * The spreadsheet upload (docs/inventory.md): the whole file is checked and staged in one call, which answers the
 * number of batches; then the batches are saved one after the other, the progress drawn from the rows saved.
 * A batch that fails is tried again, then the upload stops where it was and can be resumed.
 */
export function useInventoryUpload({ userName, onFinished, onUnexpected, retryDelayMs = RETRY_DELAY_MS }: UploadOptions) {
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const file = useRef<File | null>(null);
  // Leaving the screen stops the loop; batches already saved stay saved.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const saveBatches = useCallback(
    async (staged: UploadStaged, from: number, savedBefore: number) => {
      let savedRows = savedBefore;
      for (let batch = from; batch <= staged.batches; batch++) {
        if (!alive.current) return;
        setState({ step: 'saving', staged, savedRows, batch });
        for (let attempt = 1; ; attempt++) {
          try {
            const progress = await commitBatch(staged.uploadId, batch);
            savedRows = progress.savedRows;
            if (progress.done) {
              if (!alive.current) return;
              setState({ step: 'done', staged, savedRows });
              onFinished?.();
              return;
            }
            break;
          } catch (error) {
            if (!alive.current) return;
            if (isFinal(error) || attempt >= BATCH_ATTEMPTS) {
              setState({ step: 'stalled', staged, savedRows, batch, message: errorText(error) });
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, retryDelayMs * attempt));
          }
        }
      }
      // Every batch answered without `done` (should not happen): what the last answer said stands.
      if (alive.current) {
        setState({ step: 'done', staged, savedRows });
        onFinished?.();
      }
    },
    [onFinished, retryDelayMs],
  );

  const stage = useCallback(
    async (chosen: File, confirm: boolean) => {
      file.current = chosen;
      setState({ step: 'checking', fileName: chosen.name });
      try {
        const staged = await stageUpload(chosen, userName, confirm);
        await saveBatches(staged, 1, 0);
      } catch (error) {
        if (!alive.current) return;
        if (isApiError(error, 409)) setState({ step: 'duplicate', fileName: chosen.name, question: error.message });
        else if (isApiError(error, 400, 403, 404, 413)) {
          setState({ step: 'refused', fileName: chosen.name, message: error.message, problems: error.details });
        } else {
          setState({ step: 'idle' });
          onUnexpected(error);
        }
      }
    },
    [saveBatches, userName, onUnexpected],
  );

  return {
    state,
    /** Checks and stages the file, then saves its batches. */
    upload: (chosen: File) => stage(chosen, false),
    /** 'Upload it again?' answered yes. */
    uploadAgain: () => (file.current ? stage(file.current, true) : Promise.resolve()),
    /** Goes on from the batch that failed. */
    resume: () => (state.step === 'stalled' ? saveBatches(state.staged, state.batch, state.savedRows) : Promise.resolve()),
    reset: () => setState({ step: 'idle' }),
    busy: state.step === 'checking' || state.step === 'saving',
  };
}
