import { useQuery } from '@tanstack/react-query';
import type { InstructionRecord } from '@portal/shared';
import { useMemo, useState } from 'react';
import { toUploadFile } from '../../../lib/upload';
import { instructionDetailQuery, useRemoveAttachment, useUploadAttachment } from '../api/instructions';
import type { ChosenAttachment } from './attachment-chooser';

/**
 * The entry form's files: those already on the instruction being edited until the maker changes
 * the list, those chosen since, and those taken off; stored when the instruction is saved.
 */
export function useInstructionAttachments(record: InstructionRecord | undefined) {
  const stored = useQuery({ ...instructionDetailQuery(record?.id ?? 0), enabled: record !== undefined });
  const uploading = useUploadAttachment();
  const removing = useRemoveAttachment();
  const [removed, setRemoved] = useState<number[]>([]);
  const storedItems = useMemo<ChosenAttachment[]>(
    () => (stored.data?.attachments ?? []).map((a) => ({ uid: `stored-${a.id}`, name: a.fileName, size: a.size, attachmentId: a.id })),
    [stored.data],
  );
  const [chosen, setChosen] = useState<ChosenAttachment[] | null>(null);
  const items = chosen ?? storedItems;
  const updateItems = (change: (all: ChosenAttachment[]) => ChosenAttachment[]) => setChosen((all) => change(all ?? storedItems));

  const choose = (next: ChosenAttachment[]) => {
    const kept = new Set(next.map((i) => i.uid));
    setRemoved((ids) => [...ids, ...items.filter((i) => i.attachmentId !== undefined && !kept.has(i.uid)).map((i) => i.attachmentId!)]);
    setChosen(next);
  };

  /** Takes off the files removed and stores the chosen ones not stored yet, one by one; throws when one is refused (it is marked). */
  const store = async (instructionId: number) => {
    for (const id of removed) {
      await removing.mutateAsync(id);
      setRemoved((ids) => ids.filter((x) => x !== id));
    }
    for (const item of items) {
      if (item.attachmentId !== undefined || !item.file) continue;
      try {
        const { id } = await uploading.mutateAsync({ instructionId, ...toUploadFile(item.name, new Uint8Array(await item.file.arrayBuffer())) });
        updateItems((all) => all.map((i) => (i.uid === item.uid ? { ...i, attachmentId: id, failed: false, file: undefined } : i)));
      } catch (err) {
        updateItems((all) => all.map((i) => (i.uid === item.uid ? { ...i, failed: true } : i)));
        throw err;
      }
    }
  };

  return {
    items,
    choose,
    store,
    /** Something to take off or to store. */
    pending: removed.length > 0 || items.some((i) => i.attachmentId === undefined),
    /** The files of the instruction being edited are known (a new one has none). */
    loaded: record === undefined || stored.data !== undefined,
  };
}

export type InstructionAttachments = ReturnType<typeof useInstructionAttachments>;
