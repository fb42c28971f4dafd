import { CSV_FORMAT_MESSAGE, validateCsvFileName, warningsApi, type WarningImportResult, type WarningKind } from '@portal/shared';
import { useState } from 'react';
import { useMessage } from '../../lib/countdown-message';
import { toUploadFile, type UploadFile } from '../../lib/upload';
import { previewFeed, useImportFeed } from './api/warnings';

export interface ChosenFeed {
  kind: WarningKind;
  file: UploadFile;
  /** The server's verdict: the preview's, then the import's. */
  result: WarningImportResult | null;
  /** A problem with the file as a whole (the server's refusal or the contract's own check). */
  fileError: string | null;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

/**
 * The chosen kind and file and what the server said of them: `choose` and `check` preview the
 * file (nothing written), `run` imports it, all or nothing.
 */
export function useFeedImport() {
  const message = useMessage();
  const [kind, setKind] = useState<WarningKind>('clearPosition');
  const [chosen, setChosen] = useState<ChosenFeed | null>(null);
  const [checking, setChecking] = useState(false);
  const importing = useImportFeed();

  const check = async (next: WarningKind, file: UploadFile) => {
    const fileError = firstIssue(warningsApi.warningImportSchema.safeParse({ ...file, kind: next }));
    setChosen({ kind: next, file, result: null, fileError });
    if (fileError) return;
    setChecking(true);
    try {
      setChosen({ kind: next, file, result: await previewFeed({ ...file, kind: next }), fileError: null });
    } catch (err) {
      // A refusal of the whole file (header, kind, feed id taken): its message stays beside the file.
      setChosen({ kind: next, file, result: null, fileError: err instanceof Error ? err.message : '文件校验失败' });
    } finally {
      setChecking(false);
    }
  };

  /** Another kind: a file already chosen is checked again as that kind. */
  const chooseKind = (next: WarningKind) => {
    setKind(next);
    if (chosen) void check(next, chosen.file);
  };

  const choose = async (file: File) => {
    if (validateCsvFileName(file.name)) {
      message.error(CSV_FORMAT_MESSAGE);
      return;
    }
    await check(kind, toUploadFile(file.name, new Uint8Array(await file.arrayBuffer())));
  };

  const recheck = () => {
    if (chosen) void check(chosen.kind, chosen.file);
  };

  const run = async () => {
    if (!chosen) return;
    try {
      const result = await importing.mutateAsync({ ...chosen.file, kind: chosen.kind });
      setChosen({ ...chosen, result });
      if (result.outcome === 'imported') message.success(result.message);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return { kind, chooseKind, chosen, choose, checking, recheck, run, importing: importing.isPending };
}
