import { useQuery } from '@tanstack/react-query';
import { accountLabel, amountToChinese, codeLabel, CUTOFF_MISSED_LABEL, formatAccountNo, formatCutoff, formatDateTime, INSTRUCTION_STATUS, nextStatus, type InstructionHistory, type InstructionStatus } from '@portal/shared';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { DownloadButton } from '../../../components/download-button';
import { currentUserQuery } from '../../../lib/session';
import { AttachmentList } from './attachment-list';
import { CutoffCountdown } from './cutoff-countdown';
import { downloadEvidence, instructionDetailQuery } from '../api/instructions';
import { moneyOf, StatusTag, textOrEmpty } from './instruction-format';
import styles from './instructions.module.css';

const ACTION_LABELS: Record<string, string> = {
  create: '录入',
  edit: '修改',
  submit: '提交',
  revoke: '撤销',
  reviewPass: '复核通过',
  reviewRefuse: '复核退回',
  confirmPass: '第三方确认通过',
  confirmRefuse: '第三方确认退回',
  confirmReviewPass: '确认复核通过',
  confirmReviewRefuse: '确认复核退回',
  checkPass: '托管行审核通过',
  checkRefuse: '托管行审核退回',
  execute: '执行',
};

const statusName = (code: string | null) => (code ? (INSTRUCTION_STATUS[code as InstructionStatus] ?? code) : '');

function HistoryItem({ h }: { h: InstructionHistory }) {
  return (
    <>
      <Typography.Text strong>{ACTION_LABELS[h.action] ?? h.action}</Typography.Text>
      <Typography.Text type="secondary">
        {' '}
        {h.userName}（{h.userNo}） · {formatDateTime(h.createdAt)}
      </Typography.Text>
      <div>
        {h.fromStatus ? `${statusName(h.fromStatus)} → ` : ''}
        {statusName(h.toStatus)}
        {h.signCode && (
          // Every signed step: the customer's decisions and the custodian's check and execution.
          <Tag color="success" className={styles.signedTag}>
            已签名
          </Tag>
        )}
      </div>
      {h.reason && <Typography.Text type="danger">原因：{h.reason}</Typography.Text>}
    </>
  );
}

/** An instruction's every field, the amount in uppercase, its attachments and its history. */
export function InstructionDetailDrawer({ id, staff = false, onClose }: { id: number | null; staff?: boolean; onClose: () => void }) {
  const me = useQuery(currentUserQuery).data;
  const detail = useQuery({ ...instructionDetailQuery(id ?? 0, staff), enabled: id !== null });
  const d = detail.data;
  // Only the maker, while the instruction is with them, changes its attachments (the server decides too).
  const editable =
    !staff && d !== undefined && me?.userNo === d.createdByUserNo && nextStatus(d.status as InstructionStatus, 'edit', { hasThirdParty: d.thirdPartyEnterpriseNo !== null }) !== null;
  return (
    <Drawer
      open={id !== null}
      size={720}
      title={d ? `指令详情 ${d.instructionNo}` : '指令详情'}
      onClose={onClose}
      destroyOnHidden
      extra={
        d && (
          <Space>
            <DownloadButton subject="证据包" download={() => downloadEvidence(d.id, staff)}>
              证据包
            </DownloadButton>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              打印
            </Button>
          </Space>
        )
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }} className={styles.printable}>
          <Descriptions bordered size="small" column={2} aria-label="指令信息">
            <Descriptions.Item label="指令编号">{d.instructionNo}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag record={d} />
            </Descriptions.Item>
            <Descriptions.Item label="企业">{d.enterpriseName}</Descriptions.Item>
            <Descriptions.Item label="指令类型">{codeLabel('instructionType', d.type)}</Descriptions.Item>
            <Descriptions.Item label="付款账户" span={2}>
              {accountLabel(d.payerAccountNo, d.payerAccountName)}
            </Descriptions.Item>
            <Descriptions.Item label="金额">{moneyOf(d.amount, d.currency)}</Descriptions.Item>
            <Descriptions.Item label="币种">{codeLabel('currencyName', d.currency)}</Descriptions.Item>
            <Descriptions.Item label="大写金额" span={2}>
              {amountToChinese(d.amount)}
            </Descriptions.Item>
            <Descriptions.Item label="收款人名称">{d.payeeName}</Descriptions.Item>
            <Descriptions.Item label="收款账号">{formatAccountNo(d.payeeAccountNo)}</Descriptions.Item>
            <Descriptions.Item label="收款行名称">{d.payeeBank}</Descriptions.Item>
            <Descriptions.Item label="大额支付行号">{d.payeeCnaps}</Descriptions.Item>
            <Descriptions.Item label="起息日">{d.valueDate}</Descriptions.Item>
            <Descriptions.Item label="截止时间">
              {formatCutoff(Date.parse(d.cutoffAt))}
              {d.cutoffState === 'missed' && !d.expired && (
                <Tag color="error" style={{ marginInlineStart: 8 }}>
                  {CUTOFF_MISSED_LABEL}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="距截止 / 尚需" span={2}>
              <CutoffCountdown record={d} />
            </Descriptions.Item>
            <Descriptions.Item label="第三方机构" span={2}>
              {textOrEmpty(d.thirdPartyEnterpriseName)}
            </Descriptions.Item>
            <Descriptions.Item label="用途" span={2}>
              {d.purpose}
            </Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {textOrEmpty(d.remark)}
            </Descriptions.Item>
            <Descriptions.Item label="经办人">{d.createdByName}</Descriptions.Item>
            <Descriptions.Item label="录入时间">{formatDateTime(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="审批规则">{d.approvalRuleVersion === null ? '默认（一人复核）' : `第${d.approvalRuleVersion}版 · 需${d.approvalsRequired}人复核`}</Descriptions.Item>
            <Descriptions.Item label="已复核">{d.approvals.length === 0 ? '—' : `${d.approvals.map((a) => a.name).join('、')}（${d.approvals.length}/${d.approvalsRequired}）`}</Descriptions.Item>
            {d.status === '10' && (
              <Descriptions.Item label="尚可复核" span={2}>
                {d.reviewersStill.length === 0 ? '无（请联系企业管理员授权复核员）' : d.reviewersStill.map((r) => r.name).join('、')}
              </Descriptions.Item>
            )}
            {d.refuseReason && (
              <Descriptions.Item label="退回原因" span={2}>
                <Typography.Text type="danger">{d.refuseReason}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <section aria-label="附件" className={styles.noPrint}>
            <Typography.Title level={5}>附件</Typography.Title>
            <AttachmentList instructionId={d.id} attachments={d.attachments} staff={staff} editable={editable} />
          </section>
          <section aria-label="处理记录">
            <Typography.Title level={5}>处理记录</Typography.Title>
            <Timeline items={d.history.map((h) => ({ key: h.id, color: h.result === 'refuse' || h.action === 'revoke' ? 'red' : 'blue', content: <HistoryItem h={h} /> }))} />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
