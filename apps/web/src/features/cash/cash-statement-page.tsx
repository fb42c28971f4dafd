import { useQuery } from '@tanstack/react-query';
import { CASH_DIRECTIONS, formatAccountNo, formatAmount, formatDate, formatMoney, hasAnyAccess, type CashEntry, type CashStatement } from '@portal/shared';
import { Alert, Button, Card, DatePicker, Descriptions, Empty, Form, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { use, useState } from 'react';
import { DownloadButton } from '../../components/download-button';
import { AccessContext } from '../../lib/permissions';
import { cashAccountsQuery, downloadStatement, downloadStatementPdf, statementQuery, type StatementInput, useStatementEvents } from './api/cash';
import { InstructionPeek } from './instruction-peek';

/** Opening and closing balances, totals and how many days the custodian's statements cover. */
function StatementSummary({ statement: s }: { statement: CashStatement }) {
  const currency = s.account.currency;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} aria-label="对账单汇总">
      <Descriptions.Item label="账户">
        {s.account.accountName}
        <br />
        <Typography.Text type="secondary">{formatAccountNo(s.account.accountNo)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="期间">
        {s.dateFrom} 至 {s.dateTo}
      </Descriptions.Item>
      <Descriptions.Item label="币种">{s.account.currency}</Descriptions.Item>
      <Descriptions.Item label="期初余额">{s.opening === null ? '—' : formatMoney(s.opening, currency)}</Descriptions.Item>
      <Descriptions.Item label="期末余额">{s.closing === null ? '—' : formatMoney(s.closing, currency)}</Descriptions.Item>
      <Descriptions.Item label="托管行对账单">
        {s.daysLoaded} / {s.daysInPeriod} 天
      </Descriptions.Item>
      <Descriptions.Item label="贷方合计">
        {formatMoney(s.totalCredit, currency)}（{s.creditCount} 笔）
      </Descriptions.Item>
      <Descriptions.Item label="借方合计">
        {formatMoney(s.totalDebit, currency)}（{s.debitCount} 笔）
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The entries in booking order, each with the balance after it and the instruction it came from. */
function EntryTable({ entries, onOpenInstruction }: { entries: CashEntry[]; onOpenInstruction: ((id: number) => void) | null }) {
  return (
    <Table<CashEntry>
      aria-label="对账单流水"
      size="small"
      rowKey="id"
      dataSource={entries}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { key: 'bookingDate', title: '记账日期', dataIndex: 'bookingDate', width: 104 },
        {
          key: 'summary',
          title: '摘要',
          render: (_, e) => (
            <Space size={4} wrap>
              {e.summary || '—'}
              {e.source === 'instruction' && <Tag color="orange">在途</Tag>}
            </Space>
          ),
        },
        { key: 'credit', title: '贷方', align: 'right', render: (_, e) => (e.direction === 'C' ? formatAmount(e.amount) : '') },
        { key: 'debit', title: '借方', align: 'right', render: (_, e) => (e.direction === 'D' ? formatAmount(e.amount) : '') },
        { key: 'balance', title: '余额', align: 'right', render: (_, e) => (e.balance === null ? '—' : formatAmount(e.balance)) },
        { key: 'counterparty', title: '对方户名', render: (_, e) => e.counterpartyName || '—', responsive: ['md'] },
        {
          key: 'instructionNo',
          title: '指令编号',
          render: (_, e) =>
            !e.instructionNo ? (
              '—'
            ) : onOpenInstruction && e.instructionId !== null ? (
              <Typography.Link onClick={() => onOpenInstruction(e.instructionId!)}>{e.instructionNo}</Typography.Link>
            ) : (
              e.instructionNo
            ),
        },
        { key: 'valueDate', title: '起息日期', dataIndex: 'valueDate', width: 104, responsive: ['lg'] },
        { key: 'direction', title: '借贷', width: 56, render: (_, e) => CASH_DIRECTIONS[e.direction], responsive: ['xl'] },
      ]}
    />
  );
}

const DETAIL_ACCESS = ['INSTRUCTION_QUERY', 'INSTRUCTION_ENTRY', 'INSTRUCTION_REVIEW', 'INSTRUCTION_CONFIRM', 'INSTRUCTION_CONFIRM_REVIEW'] as const;

/** The default period: the last 30 days up to China's today. */
const defaultRange = (): [Dayjs, Dayjs] => {
  const today = dayjs(formatDate(Date.now()));
  return [today.subtract(29, 'day'), today];
};

/**
 * 估值与对账 › 资金对账单 (`/valuation/cashStatement/index`): one account's statement
 * over a period, from the custodian's daily statements: opening and closing balance, each entry
 * with the balance after it, totals, and the instruction an entry came from; xlsx download.
 */
export function CashStatementPage() {
  useStatementEvents();
  const accounts = useQuery(cashAccountsQuery);
  const mayOpenInstruction = hasAnyAccess(use(AccessContext), [...DETAIL_ACCESS]);
  const [form] = Form.useForm<{ accountNo?: string; range: [Dayjs, Dayjs] }>();
  const [input, setInput] = useState<StatementInput | null>(null);
  const [peek, setPeek] = useState<number | null>(null);
  const statement = useQuery(statementQuery(input));
  const s = statement.data;

  const submit = (values: { accountNo?: string; range: [Dayjs, Dayjs] }) => {
    if (!values.accountNo) return;
    setInput({ accountNo: values.accountNo, dateFrom: values.range[0].format('YYYY-MM-DD'), dateTo: values.range[1].format('YYYY-MM-DD') });
  };

  return (
    <Card title="资金对账单">
      <Form form={form} layout="inline" name="cash-statement" initialValues={{ range: defaultRange() }} onFinish={submit} style={{ rowGap: 12 }}>
        <Form.Item name="accountNo" label="账户" rules={[{ required: true, message: '请选择账户' }]}>
          <Select
            style={{ width: 'min(360px, calc(100vw - 150px))' }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择账户"
            loading={accounts.isLoading}
            options={(accounts.data ?? []).map((a) => ({
              value: a.accountNo,
              label: `${a.accountName} ${formatAccountNo(a.accountNo)}${a.relation === 'thirdParty' ? '（监督）' : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="range" label="期间" rules={[{ required: true, message: '请选择期间' }]}>
          <DatePicker.RangePicker allowClear={false} style={{ width: 'min(280px, calc(100vw - 150px))' }} />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={statement.isFetching}>
              查询
            </Button>
            {input && (
              <>
                <DownloadButton subject="资金对账单" download={() => downloadStatement(input)}>
                  下载Excel
                </DownloadButton>
                <DownloadButton subject="资金对账单PDF" download={() => downloadStatementPdf(input)}>
                  下载PDF
                </DownloadButton>
              </>
            )}
          </Space>
        </Form.Item>
      </Form>

      {!s ? (
        <Empty style={{ marginTop: 32 }} description="请选择账户和期间后查询" />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 16 }}>
          <StatementSummary statement={s} />
          {s.entries.some((e) => e.source === 'instruction') && (
            <Alert type="info" showIcon title="标记为“在途”的流水由已执行指令生成，托管行当日对账单到达后核对入账，不计入本期合计。" />
          )}
          <EntryTable entries={s.entries} onOpenInstruction={mayOpenInstruction ? setPeek : null} />
        </Space>
      )}
      <InstructionPeek id={peek} onClose={() => setPeek(null)} />
    </Card>
  );
}
