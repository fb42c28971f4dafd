import { useQuery } from '@tanstack/react-query';
import { accountLabel, amountToChinese, CODE_TABLES, instructionsApi, type InstructionRecord } from '@portal/shared';
import type { FormRule } from 'antd';
import { Alert, Button, Form, Modal, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { contractFields, FormBuilder, type FormValues } from '../../components/form-builder';
import { beforeBeijingToday } from '../../lib/beijing-day';
import { useStandards } from '../../lib/dictionary';
import { toUploadFile } from '../../lib/upload';
import {
  instructionDetailQuery,
  useAddInstruction,
  useRemoveAttachment,
  useSubmitInstructions,
  useUpdateInstruction,
  useUploadAttachment,
  type InstructionInput,
} from './api/instructions';
import { payerAccountsQuery } from './api/payer-accounts';
import { AttachmentChooser, type ChosenAttachment } from './attachment-chooser';
import { entryRefusal } from './entry-money';
import { PayerFacts, PayerOption } from './payer-facts';
import { useMessage } from '../../lib/countdown-message';

const STANDARDS = [{ code: 'instructionType' }];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface InstructionFormDialogProps {
  /** Edits this draft or refused instruction; without it a new one is entered. */
  record?: InstructionRecord;
  onClose: () => void;
}

const newKey = () => crypto.randomUUID();

/** The contract's check of the payee account against the currency's route, at the payee account field. */
const payeeAccountByRoute: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const problem = typeof value === 'string' && value.trim() !== '' ? instructionsApi.payeeAccountProblem(value, String(getFieldValue('currency') ?? 'CNY')) : null;
    if (problem) throw new Error(problem);
  },
});

/**
 * 新增 / 修改指令: the entry form, saved as a draft or submitted for review. With attachments to
 * store, it saves the instruction (a draft), stores the files, then submits when asked; should a
 * step fail, the dialog stays with what is done, and the next try edits the saved instruction
 * and stores only the files still missing.
 */
export function InstructionFormDialog({ record, onClose }: InstructionFormDialogProps) {
  const message = useMessage();
  const [form] = Form.useForm<FormValues>();
  const { data: dictionary } = useStandards(STANDARDS);
  const payerAccountNo = Form.useWatch('payerAccountNo', form) as string | undefined;
  const amount = Form.useWatch('amount', form) as string | undefined;
  const watchedDate = Form.useWatch('valueDate', form) as string | undefined;
  const currency = Form.useWatch('currency', form) as string | undefined;
  // Another currency takes other payee account numbers: judge the one entered again.
  useEffect(() => {
    if (currency && form.isFieldTouched('payeeAccountNo')) void form.validateFields(['payeeAccountNo']).catch(() => undefined);
  }, [currency, form]);
  const valueDate = watchedDate && DATE.test(watchedDate) ? watchedDate : undefined;
  const payers = useQuery(payerAccountsQuery(valueDate));
  const stored = useQuery({ ...instructionDetailQuery(record?.id ?? 0), enabled: record !== undefined });
  const adding = useAddInstruction();
  const updating = useUpdateInstruction();
  const submitting = useSubmitInstructions();
  const uploading = useUploadAttachment();
  const removing = useRemoveAttachment();
  // Which button sent the form; and one idempotency key per dialog: a retry after a lost answer
  // reuses it and the server answers the first instruction.
  const submitRef = useRef(false);
  const [sendsSubmit, setSendsSubmit] = useState(false);
  const [idempotencyKey] = useState(newKey);
  // The instruction as last saved from this dialog, once a save got that far.
  const [saved, setSaved] = useState<InstructionRecord | undefined>(undefined);
  const [removed, setRemoved] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  // The files: those already on the instruction being edited until the maker changes the list.
  const storedItems = useMemo<ChosenAttachment[]>(
    () => (stored.data?.attachments ?? []).map((a) => ({ uid: `stored-${a.id}`, name: a.fileName, size: a.size, attachmentId: a.id })),
    [stored.data],
  );
  const [chosen, setChosen] = useState<ChosenAttachment[] | null>(null);
  const items = chosen ?? storedItems;
  const updateItems = (change: (all: ChosenAttachment[]) => ChosenAttachment[]) => setChosen((all) => change(all ?? storedItems));

  const accounts = payers.data?.accounts;
  const account = accounts?.find((a) => a.accountNo === payerAccountNo);

  const chinese = useMemo(() => {
    try {
      return amount ? amountToChinese(amount) : '';
    } catch {
      return '';
    }
  }, [amount]);

  const fields = contractFields(instructionsApi.instructionFields, [
    {
      name: 'payerAccountNo',
      type: 'select',
      label: '付款账户',
      span: 24,
      options: (accounts ?? []).map((a) => ({ key: a.accountNo, value: accountLabel(a.accountNo, a.alias || a.accountName) })),
      renderOption: (key) => {
        const a = accounts?.find((x) => x.accountNo === key);
        return a ? <PayerOption account={a} /> : String(key);
      },
      placeholder: accounts?.length === 0 ? '暂无可录入指令的账户' : undefined,
      extra: account && payers.data && <PayerFacts account={account} valueDate={payers.data.valueDate} />,
    },
    { name: 'type', type: 'select', dict: 'instructionType', label: '指令类型' },
    {
      name: 'amount',
      type: 'amount',
      label: '金额',
      maxLength: 21,
      extra: <span aria-label="大写金额">{chinese ? `大写：${chinese}` : ' '}</span>,
    },
    { name: 'currency', type: 'select', label: '币种', options: Object.entries(CODE_TABLES.currencyName).map(([key, value]) => ({ key, value })) },
    { name: 'payeeName', type: 'text', label: '收款人名称', maxLength: 100 },
    { name: 'payeeAccountNo', type: 'text', label: '收款账号', maxLength: 34, rules: [payeeAccountByRoute] },
    { name: 'payeeBank', type: 'text', label: '收款行名称', maxLength: 100 },
    { name: 'payeeCnaps', type: 'text', label: '大额支付行号', maxLength: 12 },
    // The server refuses a value date before today: the calendar greys those days.
    { name: 'valueDate', type: 'date', label: '起息日', disabledDate: (day) => beforeBeijingToday(day) },
    { name: 'purpose', type: 'text', label: '用途', maxLength: instructionsApi.PURPOSE_MAX },
    { name: 'remark', type: 'textarea', label: '备注', maxLength: instructionsApi.REMARK_MAX },
  ]);

  const chooseFiles = (next: ChosenAttachment[]) => {
    const kept = new Set(next.map((i) => i.uid));
    setRemoved((ids) => [...ids, ...items.filter((i) => i.attachmentId !== undefined && !kept.has(i.uid)).map((i) => i.attachmentId!)]);
    setChosen(next);
  };

  /** Stores the chosen files not stored yet, one by one; false when one is refused (it is marked). */
  const storeFiles = async (instructionId: number) => {
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

  const save = async (values: FormValues) => {
    const input = { ...values, remark: values.remark ?? '' } as unknown as InstructionInput;
    const submit = submitRef.current;
    const current = saved ?? record;
    if (submit && account && payers.data) {
      const refusal = entryRefusal(input.amount, input.valueDate, account, payers.data.valueDate, current);
      if (refusal) {
        form.setFields([{ name: 'amount', errors: [refusal] }]);
        return;
      }
    }
    const filesToStore = removed.length > 0 || items.some((i) => i.attachmentId === undefined);
    setBusy(true);
    try {
      let instruction: InstructionRecord;
      if (current) {
        instruction = await updating.mutateAsync({ ...input, id: current.id, version: current.version });
      } else {
        // With nothing to store in between, one call saves and submits.
        instruction = await adding.mutateAsync({ input: { ...input, submit: submit && !filesToStore }, idempotencyKey });
      }
      setSaved(instruction);
      if (filesToStore) await storeFiles(instruction.id);
      if (submit && instruction.status !== '10') instruction = (await submitting.mutateAsync([instruction.id]))[0]!;
      if (submit && account && !account.hasReviewer) message.warning(`指令 ${instruction.instructionNo} 已提交，但${instructionsApi.INSTRUCTION_MESSAGES.noReviewer}`, 8);
      else message.success(submit ? `指令 ${instruction.instructionNo} 已提交复核` : `指令 ${instruction.instructionNo} 已保存为草稿`);
      onClose();
    } catch {
      // The HTTP client has shown the refusal; the form stays to correct it.
    } finally {
      setBusy(false);
    }
  };

  const send = (submit: boolean) => {
    submitRef.current = submit;
    setSendsSubmit(submit);
    form.submit();
  };
  const initialValues: FormValues = record
    ? {
        type: record.type,
        payerAccountNo: record.payerAccountNo,
        amount: record.amount,
        currency: record.currency,
        payeeName: record.payeeName,
        payeeAccountNo: record.payeeAccountNo,
        payeeBank: record.payeeBank,
        payeeCnaps: record.payeeCnaps,
        valueDate: record.valueDate,
        purpose: record.purpose,
        remark: record.remark,
      }
    : { currency: 'CNY', type: '01' };

  return (
    <Modal
      open
      title={record ? `修改指令 ${record.instructionNo}` : '新增指令'}
      width={880}
      mask={{ closable: false }}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="draft" loading={busy && !sendsSubmit} disabled={busy} onClick={() => send(false)}>
          保存草稿
        </Button>,
        <Button key="submit" type="primary" loading={busy && sendsSubmit} disabled={busy} onClick={() => send(true)}>
          提交
        </Button>,
      ]}
    >
      {record?.refuseReason && <Typography.Paragraph type="danger">退回原因：{record.refuseReason}</Typography.Paragraph>}
      {saved && !record && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`已保存为草稿 ${saved.instructionNo}，附件或提交未完成：修改后可再次保存或提交`} />}
      <FormBuilder name="instruction" form={form} fields={fields} dictionary={dictionary} initialValues={initialValues} actions={false} onSubmit={save} />
      <Form.Item label="附件" labelCol={{ flex: '120px' }} extra={`pdf、jpg、png 格式，单个不超过5MB，最多${instructionsApi.ATTACHMENT_MAX}个`}>
        <AttachmentChooser items={items} onChange={chooseFiles} disabled={busy || (record !== undefined && !stored.data)} />
      </Form.Item>
    </Modal>
  );
}
