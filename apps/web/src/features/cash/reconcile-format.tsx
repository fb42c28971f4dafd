import { cashApi, formatMoney, type ReconcileItem, type ReconcileStatus } from '@portal/shared';
import { Descriptions, Tag, Typography } from 'antd';

const COLOR: Record<ReconcileStatus, string> = { due: 'orange', match: 'green', mismatch: 'red' };

export function ReconcileStatusTag({ status }: { status: ReconcileStatus }) {
  return <Tag color={COLOR[status]}>{cashApi.RECONCILE_STATUSES[status]}</Tag>;
}

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** An answered period: the result, what was disputed and why, the signature kept with it, and the bank's reply. */
export function ReconciliationDetail({ item }: { item: ReconcileItem }) {
  const r = item.reconciliation;
  if (!r) return null;
  return (
    <Descriptions column={1} bordered size="small" aria-label="对账结果">
      <Descriptions.Item label="对账结果">
        <ReconcileStatusTag status={r.result} />
      </Descriptions.Item>
      <Descriptions.Item label="确认时余额">
        期初 {r.opening === null ? '—' : formatMoney(r.opening, 'CNY')}，期末 {r.closing === null ? '—' : formatMoney(r.closing, 'CNY')}，共 {r.entryCount} 笔流水
      </Descriptions.Item>
      {r.result === 'mismatch' && <Descriptions.Item label="不符原因">{r.reason}</Descriptions.Item>}
      {r.result === 'mismatch' && <Descriptions.Item label="不符流水">{r.entryIds.length > 0 ? `${r.entryIds.length} 笔（编号 ${r.entryIds.join('、')}）` : '—'}</Descriptions.Item>}
      <Descriptions.Item label="签名人">
        {r.signedByName}（{r.signedByUserNo}） {when(r.signedAt)}
      </Descriptions.Item>
      <Descriptions.Item label="签名原文">
        <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
          {r.signData}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="签名值（SM2）">
        <Typography.Text code copyable={{ text: r.signMsg }}>
          {r.signMsg.slice(0, 24)}…
        </Typography.Text>
      </Descriptions.Item>
      {r.result === 'mismatch' && (
        <Descriptions.Item label="托管行答复">{r.reply ? `${r.reply}（${r.repliedByUserNo}，${when(r.repliedAt!)}）` : <Typography.Text type="secondary">待托管行答复</Typography.Text>}</Descriptions.Item>
      )}
    </Descriptions>
  );
}
