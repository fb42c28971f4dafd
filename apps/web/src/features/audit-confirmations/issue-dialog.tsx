import { useQuery } from '@tanstack/react-query';
import { auditConfirmationsApi as api, formatAccountNo, formatDate } from '@portal/shared';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { schemaRule } from '../../lib/schema-rule';
import { confirmationAccountsQuery, useIssueConfirmation } from './api/audit-confirmations';

interface IssueForm {
  accountNos: string[];
  period: [Dayjs, Dayjs];
  auditorName: string;
  auditorFirm: string;
  validDays: number;
}

const fields = api.confirmationIssueSchema.shape;

/** The link is shown once: the server keeps only its hash. */
function IssuedLink({ link }: { link: string }) {
  return (
    <Alert
      type="success"
      showIcon
      title="询证函已出具，请将以下链接发送给审计师（仅显示这一次）"
      description={
        <Typography.Paragraph copyable={{ text: link }} style={{ wordBreak: 'break-all', marginBottom: 0 }} aria-label="询证函链接">
          {link}
        </Typography.Paragraph>
      }
    />
  );
}

/** 出具询证函: accounts, the period ending on the balance date, the auditor, the link's validity. */
export function IssueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<IssueForm>();
  const accounts = useQuery({ ...confirmationAccountsQuery, enabled: open });
  const issue = useIssueConfirmation();
  const [link, setLink] = useState<string | null>(null);
  const close = () => {
    setLink(null);
    onClose();
  };
  const submit = async () => {
    if (link) return close();
    const v = await form.validateFields();
    try {
      const answer = await issue.mutateAsync({
        accountNos: v.accountNos,
        periodStart: formatDate(v.period[0].toDate()),
        balanceDate: formatDate(v.period[1].toDate()),
        auditorName: v.auditorName,
        auditorFirm: v.auditorFirm,
        validDays: v.validDays,
      });
      setLink(`${window.location.origin}${answer.linkPath}`);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  const [today] = useState(() => dayjs(formatDate(Date.now())));
  return (
    <Modal open={open} title="出具询证函" okText={link ? '完成' : '出具'} onOk={() => void submit()} okButtonProps={{ loading: issue.isPending }} onCancel={close} cancelButtonProps={{ style: link ? { display: 'none' } : {} }} destroyOnHidden width={640}>
      {link ? (
        <IssuedLink link={link} />
      ) : (
        <Form form={form} layout="vertical" name="audit-confirmation" preserve={false} initialValues={{ validDays: 7, period: [today.startOf('year'), today.subtract(1, 'day')] }}>
          <Form.Item name="accountNos" label="账户" required rules={[schemaRule(fields.accountNos)]}>
            <Select
              mode="multiple"
              loading={accounts.isLoading}
              placeholder="请选择账户"
              options={(accounts.data ?? []).map((a) => ({ value: a.accountNo, label: `${a.accountName} ${formatAccountNo(a.accountNo)}` }))}
            />
          </Form.Item>
          <Form.Item name="period" label="对账单期间（截止日即余额日期）" rules={[{ required: true, message: '请选择期间' }]}>
            <DatePicker.RangePicker allowClear={false} disabledDate={(d) => d.isAfter(today)} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="auditorName" label="审计师姓名" required rules={[schemaRule(fields.auditorName)]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="auditorFirm" label="会计师事务所" required rules={[schemaRule(fields.auditorFirm)]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="validDays" label="链接有效期（天）" required rules={[schemaRule(fields.validDays)]}>
            <InputNumber min={1} max={api.CONFIRMATION_MAX_DAYS} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Typography.Text type="secondary">询证函由银行签名；审计师凭链接可在有效期内下载，无需登录，可随时撤销。</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
