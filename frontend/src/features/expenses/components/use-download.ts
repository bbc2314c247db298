import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { shopDay } from '../../../../../shared/bill.js';
import { fileDate } from '../../../../../shared/format.js';

/** A report download: the file under the server's name (or `fallback`), and the reason when it fails. */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (fetchFile: () => Promise<{ blob: Blob; fileName: string | undefined }>, fallback: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const { blob, fileName } = await fetchFile();
      saveFile(blob, fileName ?? fallback);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The report could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, download };
}

/** `Return_List_22_11_2026.pdf`: report files are named with the day they are taken (spec 3 section 9). */
export function datedFileName(report: string, now = new Date()) {
  return `${report}_${fileDate(shopDay(now))}.pdf`;
}
