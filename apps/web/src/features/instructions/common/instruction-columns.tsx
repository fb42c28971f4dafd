import { approvalRound, codeLabel, CUTOFF_MISSED_LABEL, EXPIRED_LABEL, formatAccountNo, formatCutoff, type InstructionListRecord } from '@portal/shared';
import type { Breakpoint } from 'antd';
import { Button, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ClippedText, WIDE_SCREENS } from '../../../components/data-table';
import { CutoffCountdown } from './cutoff-countdown';
import { Amount, StatusTag } from './instruction-format';
import styles from './instructions.module.css';

/**
 * The lists of instructions waiting for one step, by who decides there: a reviewer of the
 * enterprise (on their payer accounts, never their own entry), a third-party institution
 * confirming for several enterprises, or the custodian (every enterprise).
 */
export type DecisionListKind = 'review' | 'thirdParty' | 'custodian';

interface ColumnOptions {
  /** A list of the instructions waiting for one step (every row has the same status): its columns show what that step decides on. */
  decision?: DecisionListKind;
  /** Lists whose row buttons take room: the type is kept for wide screens too. */
  wideActions?: boolean;
}

/** Above a phone: the table's own columns; on a phone one summary column stands for them. */
const ABOVE_PHONE: Breakpoint[] = ['sm'];
const PHONE: Breakpoint[] = ['xs'];

/** A cell of two lines: the value, and a secondary line under it (an account number, a type). */
export function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <div className={styles.twoLines}>
      {first}
      <Typography.Text type="secondary" className={styles.secondLine}>
        {second}
      </Typography.Text>
    </div>
  );
}

/** A name a decision is about (enterprise, payee): whole on up to two lines of `width` pixels, cut only beyond. */
export const Name = ({ text, width, tooltip = text }: { text: string; width: number; tooltip?: string }) => (
  <Typography.Paragraph className={styles.name} style={{ width }} ellipsis={{ rows: 2, tooltip }} data-name>
    {text}
  </Typography.Paragraph>
);

type Column = TableColumnsType<InstructionListRecord>[number];

/** On a step's list: the row another person has selected now, by name (`claimedBy`). */
function ClaimedTag({ row }: { row: InstructionListRecord }) {
  if (!row.claimedBy) return null;
  return (
    <Tooltip title={`${row.claimedBy}已选中该指令，正在处理；请优先处理其他指令`}>
      <Tag color="orange" className={styles.claimedTag} data-claimed-by={row.claimedBy}>
        {row.claimedBy}正在处理
      </Tag>
    </Tooltip>
  );
}

/** A step's list dims the rows others are working on (the server lists them after the free ones). */
export const claimedRowClass = (row: InstructionListRecord) => (row.claimedBy ? (styles.claimedRow ?? '') : '');

/** What every column set renders alike: the number that opens the detail drawer, the status, the payee's tooltip. */
interface Cells {
  number: (row: InstructionListRecord) => ReactNode;
  status: (row: InstructionListRecord) => ReactNode;
  payeeTip: (row: InstructionListRecord) => string;
}

function instructionCells(onOpen: (row: InstructionListRecord) => void): Cells {
  return {
    number: (row) => (
      <Button type="link" size="small" className={styles.numberLink} onClick={() => onOpen(row)}>
        {row.instructionNo}
      </Button>
    ),
    status: (row) =>
      row.refuseReason ? (
        <Tooltip title={`退回原因：${row.refuseReason}`}>
          <span>
            <StatusTag record={row} />
          </span>
        </Tooltip>
      ) : (
        <StatusTag record={row} />
      ),
    payeeTip: (row) => `${row.payeeName}（${formatAccountNo(row.payeeAccountNo)}）`,
  };
}

/** A phone's one column: number, payee and amount (and the status, outside a decision list). */
function phoneColumn({ number, status, payeeTip }: Cells, decision: DecisionListKind | undefined): Column {
  return {
    key: 'summary',
    title: '指令',
    responsive: PHONE,
    render: (_, row) => (
      <div className={styles.summary} data-testid="instruction-summary">
        {number(row)}
        <ClaimedTag row={row} />
        <ClippedText text={row.payeeName} width={156} tooltip={payeeTip(row)} />
        {/* The status goes under the amount when both do not fit on one line. */}
        <div className={styles.summaryMoney}>
          <Amount amount={row.amount} currency={row.currency} />
          {!decision && status(row)}
        </div>
        <CutoffCountdown record={row} />
      </div>
    ),
  };
}

/** Under an hour to the cut-off: the steps left may not make it. */
const AtRiskTag = ({ row }: { row: InstructionListRecord }) =>
  row.cutoffState === 'atRisk' && (
    <Tooltip title={`截止时间 ${formatCutoff(Date.parse(row.cutoffAt))}`}>
      <Tag color="warning" className={styles.expiredTag}>
        临近截止
      </Tag>
    </Tooltip>
  );

/** The value date, and over it what stands in the way: 已过期, 已过截止, or under an hour to the cut-off. */
const valueDate = (row: InstructionListRecord) => (
  <>
    起息日 {row.valueDate}
    {row.expired ? (
      <Tag color="error" className={styles.expiredTag}>
        {EXPIRED_LABEL}
      </Tag>
    ) : row.cutoffState === 'missed' ? (
      <Tag color="error" className={styles.expiredTag}>
        {CUTOFF_MISSED_LABEL}
      </Tag>
    ) : (
      <AtRiskTag row={row} />
    )}
  </>
);

/** The time left to the cut-off and who still has to act, ticking. */

/** The review round a row waits at (审批规则: 2/2 is the second of two passes), who passed it so far on hover. */
function ReviewRound({ row }: { row: InstructionListRecord }) {
  const round = `第${approvalRound(row.approvals.length, row.approvalsRequired)}轮`;
  if (row.approvals.length === 0) return round;
  return (
    <Tooltip title={`已复核：${row.approvals.map((a) => a.name).join('、')}`}>
      <span>{round}</span>
    </Tooltip>
  );
}

/** A decision list's columns above a phone: what its step decides on, two lines to a cell. */
function decisionColumns({ number, payeeTip }: Cells, decision: DecisionListKind): Column[] {
  // The payer account by its name and number; for the institution and the custodian, whose enterprise it is first.
  const payer: Column =
    decision === 'review'
      ? {
          key: 'payer',
          title: '付款账户',
          responsive: ABOVE_PHONE,
          render: (_, row) => <TwoLines first={<Name text={row.payerAccountName} width={168} />} second={formatAccountNo(row.payerAccountNo)} />,
        }
      : {
          key: 'enterprise',
          title: '企业 / 付款账户',
          responsive: ABOVE_PHONE,
          render: (_, row) => (
            <TwoLines first={<Name text={row.enterpriseName} width={196} />} second={<Tooltip title={row.payerAccountName}>{formatAccountNo(row.payerAccountNo)}</Tooltip>} />
          ),
        };
  return [
    {
      key: 'instructionNo',
      title: '指令编号 / 类型',
      responsive: ABOVE_PHONE,
      render: (_, row) => (
        <TwoLines
          first={
            <span className={styles.numberLine}>
              {number(row)}
              <ClaimedTag row={row} />
            </span>
          }
          second={codeLabel('instructionType', row.type)}
        />
      ),
    },
    payer,
    {
      key: 'payee',
      title: '收款人 / 收款账号',
      responsive: ABOVE_PHONE,
      render: (_, row) => <TwoLines first={<Name text={row.payeeName} width={decision === 'review' ? 168 : 196} tooltip={payeeTip(row)} />} second={formatAccountNo(row.payeeAccountNo)} />,
    },
    {
      key: 'amount',
      title: '金额 / 起息日',
      align: 'right',
      responsive: ABOVE_PHONE,
      // The countdown goes under the value date: a list a step decides on has no room for its own column at 1280 px.
      render: (_, row) => (
        <div className={styles.amountCell}>
          <TwoLines first={<Amount amount={row.amount} currency={row.currency} />} second={valueDate(row)} />
          <CutoffCountdown record={row} />
        </div>
      ),
    },
    ...(decision === 'review' ? [{
            key: 'createdBy',
            title: '经办人',
            responsive: ABOVE_PHONE,
            // Under the maker, the round of a counted review (审批规则); the fixed chain's one review needs no word.
            render: (_: unknown, row: InstructionListRecord) => (row.approvalsRequired > 1 ? <TwoLines first={row.createdByName} second={<ReviewRound row={row} />} /> : row.createdByName),
          }] : []),
    ...(decision === 'thirdParty' ? [] : [{ key: 'thirdParty', title: '第三方机构', dataIndex: 'thirdPartyEnterpriseName', responsive: WIDE_SCREENS, render: (v: string | null) => (v ? <ClippedText text={v} width={180} /> : '—') }]),
  ];
}

/** A general list's columns above a phone; some are kept for wide screens. */
function generalColumns({ number, status, payeeTip }: Cells, wideActions: boolean | undefined): Column[] {
  return [
    { key: 'instructionNo', title: '指令编号', responsive: ABOVE_PHONE, render: (_, row) => number(row) },
    {
      key: 'type',
      title: '指令类型',
      dataIndex: 'type',
      responsive: wideActions ? WIDE_SCREENS : ABOVE_PHONE,
      render: (v: string) => codeLabel('instructionType', v),
    },
    { key: 'status', title: '状态', responsive: ABOVE_PHONE, render: (_, row) => status(row) },
    {
      key: 'payer',
      title: '付款账号',
      responsive: WIDE_SCREENS,
      render: (_, row) => <Tooltip title={row.payerAccountName}>{formatAccountNo(row.payerAccountNo)}</Tooltip>,
    },
    {
      key: 'payee',
      title: '收款人',
      responsive: ABOVE_PHONE,
      // Narrow enough at 1280 px for the countdown under the value date; a longer name keeps its tooltip.
      render: (_, row) => <ClippedText text={row.payeeName} width={116} tooltip={payeeTip(row)} />,
    },
    { key: 'amount', title: '金额', align: 'right', responsive: ABOVE_PHONE, render: (_, row) => <Amount amount={row.amount} currency={row.currency} /> },
    // 已过期 and 已过截止 stand in the status column.
    {
      key: 'valueDate',
      title: '起息日',
      responsive: ABOVE_PHONE,
      // The countdown under the date: no room for a column of its own at 1280 px.
      render: (_, row) => (
        <div className={styles.valueDateCell}>
          {row.valueDate}
          <AtRiskTag row={row} />
          <CutoffCountdown record={row} />
        </div>
      ),
    },
    {
      key: 'thirdParty',
      title: '第三方机构',
      dataIndex: 'thirdPartyEnterpriseName',
      responsive: WIDE_SCREENS,
      render: (v: string | null) => (v ? <ClippedText text={v} width={180} /> : '—'),
    },
    {
      key: 'refuseReason',
      title: '退回原因',
      dataIndex: 'refuseReason',
      responsive: WIDE_SCREENS,
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—'),
    },
    { key: 'createdBy', title: '经办人', dataIndex: 'createdByName', responsive: WIDE_SCREENS },
  ];
}

/**
 * The instruction lists' columns; the number opens the detail drawer, which shows every field.
 * General lists keep some columns for wide screens; a decision list shows what its step decides
 * on at 1280 px, two lines to a cell; on a phone one column shows number, payee and amount.
 */
export function instructionColumns(onOpen: (row: InstructionListRecord) => void, options: ColumnOptions = {}): TableColumnsType<InstructionListRecord> {
  const cells = instructionCells(onOpen);
  const { decision } = options;
  return [phoneColumn(cells, decision), ...(decision ? decisionColumns(cells, decision) : generalColumns(cells, options.wideActions))];
}
