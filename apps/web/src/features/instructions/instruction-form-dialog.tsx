import { useQuery } from '@tanstack/react-query';
import { amountToChinese, CODE_TABLES, instructionsApi, type InstructionRecord } from '@portal/shared';
import { App, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { contractFields, FormBuilder, type FormValues } from '../../components/form-builder';
import { useStandards } from '../../lib/dictionary';
import { useAddInstruction, useSubmitInstructions, useUpdateInstruction, type InstructionInput } from './api/instructions';
import { payerAccountQuery, payerAccountsQuery } from './api/payer-accounts';
import { accountOf, moneyOf } from './instruction-format';

const STANDARDS = [{ code: 'instructionType' }];

interface InstructionFormDialogProps {
  /** Edits this draft or refused instruction; without it a new one is entered. */
  record?: InstructionRecord;
  onClose: () => void;
}

/** The chosen payer account's balance, limits and third-party institution (copied onto the instruction). */
function PayerFacts({ accountNo }: { accountNo: string | undefined }) {
  const account = useQuery({ ...payerAccountQuery(accountNo ?? ''), enabled: Boolean(accountNo) });
  if (!accountNo) return null;
  const a = account.data;
  if (!a) return <Typography.Text type="secondary">{account.isFetching ? '正在读取账户信息…' : ''}</Typography.Text>;
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} aria-label="付款账户信息">
      <Descriptions.Item label="账户余额">{moneyOf(a.balance, a.currency)}</Descriptions.Item>
      <Descriptions.Item label="币种">{CODE_TABLES.currencyName[a.currency as keyof typeof CODE_TABLES.currencyName] ?? a.currency}</Descriptions.Item>
      <Descriptions.Item label="单笔限额">{a.singleLimit === null ? '不限' : moneyOf(a.singleLimit, a.currency)}</Descriptions.Item>
      <Descriptions.Item label="日累计限额">{a.dailyLimit === null ? '不限' : moneyOf(a.dailyLimit, a.currency)}</Descriptions.Item>
      <Descriptions.Item label="第三方机构" span={2}>
        <Input readOnly aria-label="第三方机构" value={a.thirdPartyEnterpriseName ?? '无（复核通过后直接提交托管行审核）'} variant="borderless" />
      </Descriptions.Item>
    </Descriptions>
  );
}

const newKey = () => crypto.randomUUID();

/** 新增 / 修改指令: the entry form, saved as a draft or submitted for review. */
export function InstructionFormDialog({ record, onClose }: InstructionFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { data: dictionary } = useStandards(STANDARDS);
  const payers = useQuery(payerAccountsQuery);
  const adding = useAddInstruction();
  const updating = useUpdateInstruction();
  const submitting = useSubmitInstructions();
  // Which button sent the form; and one idempotency key per dialog: only a successful add closes
  // it, so a retry after a lost answer reuses the key and the server answers the first instruction.
  const submitRef = useRef(false);
  const [sendsSubmit, setSendsSubmit] = useState(false);
  const [idempotencyKey] = useState(newKey);
  const payerAccountNo = Form.useWatch('payerAccountNo', form) as string | undefined;
  const amount = Form.useWatch('amount', form) as string | undefined;

  const chinese = useMemo(() => {
    try {
      return amount ? amountToChinese(amount) : '';
    } catch {
      return '';
    }
  }, [amount]);

  const fields = contractFields(instructionsApi.instructionFields, [
    { name: 'type', type: 'select', dict: 'instructionType', label: '指令类型' },
    {
      name: 'payerAccountNo',
      type: 'select',
      label: '付款账户',
      options: (payers.data ?? []).map((a) => ({ key: a.accountNo, value: accountOf(a.accountNo, a.alias || a.accountName) })),
      placeholder: payers.data?.length === 0 ? '暂无可录入指令的账户' : undefined,
    },
    {
      name: 'amount',
      type: 'text',
      label: '金额',
      maxLength: 21,
      extra: <span aria-label="大写金额">{chinese ? `大写：${chinese}` : ' '}</span>,
    },
    { name: 'currency', type: 'select', label: '币种', options: Object.entries(CODE_TABLES.currencyName).map(([key, value]) => ({ key, value })) },
    { name: 'payeeName', type: 'text', label: '收款人名称', maxLength: 100 },
    { name: 'payeeAccountNo', type: 'text', label: '收款账号', maxLength: 34 },
    { name: 'payeeBank', type: 'text', label: '收款行名称', maxLength: 100 },
    { name: 'payeeCnaps', type: 'text', label: '大额支付行号', maxLength: 12 },
    { name: 'valueDate', type: 'date', label: '起息日' },
    { name: 'purpose', type: 'text', label: '用途', maxLength: instructionsApi.PURPOSE_MAX },
    { name: 'remark', type: 'textarea', label: '备注', maxLength: instructionsApi.REMARK_MAX },
  ]);

  const save = async (values: FormValues) => {
    const input = { ...values, remark: values.remark ?? '' } as unknown as InstructionInput;
    const submit = submitRef.current;
    try {
      let saved: InstructionRecord;
      if (record) {
        saved = await updating.mutateAsync({ ...input, id: record.id, version: record.version });
        if (submit) await submitting.mutateAsync([saved.id]);
      } else {
        saved = await adding.mutateAsync({ input: { ...input, submit }, idempotencyKey });
      }
      void message.success(submit ? `指令 ${saved.instructionNo} 已提交复核` : `指令 ${saved.instructionNo} 已保存为草稿`);
      onClose();
    } catch {
      // The HTTP client has shown the refusal; the form stays to correct it.
    }
  };

  const busy = adding.isPending || updating.isPending || submitting.isPending;
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
      <PayerFacts accountNo={payerAccountNo} />
      <FormBuilder
        name="instruction"
        form={form}
        fields={fields}
        dictionary={dictionary}
        initialValues={initialValues}
        actions={false}
        onSubmit={save}
      />
    </Modal>
  );
}
