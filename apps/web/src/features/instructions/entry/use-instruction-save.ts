import { instructionsApi, type InstructionRecord } from '@portal/shared';
import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import type { FormValues } from '../../../components/form-builder';
import { useMessage } from '../../../lib/countdown-message';
import { useAddInstruction, useSubmitInstructions, useUpdateInstruction, type InstructionInput } from '../api/instructions';
import { entryRefusal } from './entry-money';
import type { EntryFacts } from './instruction-form-fields';
import type { InstructionAttachments } from './use-instruction-attachments';
import { atRiskNote } from '../common/cutoff-notes';
import type { TemplateSource } from '../api/templates';

const newKey = () => crypto.randomUUID();

interface InstructionSaveOptions {
  /** The draft or refused instruction being edited; without it a new one is entered. */
  record: InstructionRecord | undefined;
  form: FormInstance<FormValues>;
  facts: EntryFacts;
  attachments: InstructionAttachments;
  /** 从模板新建: the template version a new instruction is made from. */
  template?: TemplateSource;
  onSaved: () => void;
}

/**
 * Saves the entry form as a draft or submits it for review. With attachments to store, it saves
 * the instruction (a draft), stores the files, then submits when asked; should a step fail, what
 * is done stays, and the next try edits the saved instruction and stores only the files still missing.
 */
export function useInstructionSave({ record, form, facts: { account, payers }, attachments, template, onSaved }: InstructionSaveOptions) {
  const message = useMessage();
  const adding = useAddInstruction();
  const updating = useUpdateInstruction();
  const submitting = useSubmitInstructions();
  // Which button sent the form; and one idempotency key per dialog: a retry after a lost answer
  // reuses it and the server answers the first instruction.
  const submitRef = useRef(false);
  const [sendsSubmit, setSendsSubmit] = useState(false);
  const [idempotencyKey] = useState(newKey);
  // The instruction as last saved from this dialog, once a save got that far.
  const [saved, setSaved] = useState<InstructionRecord | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const save = async (values: FormValues) => {
    const input = { ...values, remark: values.remark ?? '' } as unknown as InstructionInput;
    const submit = submitRef.current;
    const current = saved ?? record;
    if (submit && account && payers) {
      const refusal = entryRefusal(input.amount, input.valueDate, account, payers.valueDate, current);
      if (refusal) {
        form.setFields([{ name: 'amount', errors: [refusal] }]);
        return;
      }
    }
    const filesToStore = attachments.pending;
    setBusy(true);
    try {
      let instruction: InstructionRecord;
      if (current) {
        instruction = await updating.mutateAsync({ ...input, id: current.id, version: current.version });
      } else {
        // With nothing to store in between, one call saves and submits.
        const from = template ? { templateId: template.id, templateRevision: template.revision } : {};
        instruction = await adding.mutateAsync({ input: { ...input, ...from, submit: submit && !filesToStore }, idempotencyKey });
      }
      setSaved(instruction);
      if (filesToStore) await attachments.store(instruction.id);
      if (submit && instruction.status !== '10') instruction = (await submitting.mutateAsync([instruction.id]))[0]!;
      if (submit && account && !account.hasReviewer) message.warning(`指令 ${instruction.instructionNo} 已提交，但${instructionsApi.INSTRUCTION_MESSAGES.noReviewer}`, 8);
      else message.success(submit ? `指令 ${instruction.instructionNo} 已提交复核` : `指令 ${instruction.instructionNo} 已保存为草稿`);
      const risk = atRiskNote([instruction]);
      if (risk) message.warning(risk, 8);
      onSaved();
    } catch {
      // The HTTP client has shown the refusal; the form stays to correct it.
    } finally {
      setBusy(false);
    }
  };

  /** Sends the form by one of its buttons: saved as a draft, or submitted. */
  const send = (submit: boolean) => {
    submitRef.current = submit;
    setSendsSubmit(submit);
    form.submit();
  };

  return { save, send, busy, sendsSubmit, saved };
}
