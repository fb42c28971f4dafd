import { useQuery } from '@tanstack/react-query';
import { PAYEE_CHANGE_STATUS, groupAccountNo, formatDateTime, type PayeeChangeStatus, type PayeeHistory } from '@portal/shared';
import { Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { payeeDetailQuery } from '../api/payees';
import { PayeeStatusTag, changeKindLabel } from './payee-format';

const orEmpty = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '暂无');

function HistoryItem({ h }: { h: PayeeHistory }) {
  return (
    <>
      <Typography.Text strong>
        {changeKindLabel(h.kind)} · {PAYEE_CHANGE_STATUS[h.status as PayeeChangeStatus]}
      </Typography.Text>
      <div>
        {h.name}，{groupAccountNo(h.accountNo)}，{h.bankName}（{h.cnaps}）
      </div>
      <Typography.Text type="secondary">
        录入：{h.requestedByName}（{h.requestedByUserNo}） · {formatDateTime(h.requestedAt)}
      </Typography.Text>
      {h.decidedAt && (
        <div>
          <Typography.Text type="secondary">
            复核：{h.decidedByName}（{h.decidedByUserNo}） · {formatDateTime(h.decidedAt)}
          </Typography.Text>
          {h.signed && (
            <Tag color="success" style={{ marginInlineStart: 8 }}>
              已签名
            </Tag>
          )}
        </div>
      )}
      {h.reason && <Typography.Text type={h.status === 'refused' ? 'danger' : undefined}>原因：{h.reason}</Typography.Text>}
    </>
  );
}

/** A payee's effective version (or the new one waiting), the change waiting beside it, and every proposal with its decision. */
export function PayeeDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ ...payeeDetailQuery(id ?? 0), enabled: id !== null });
  const d = detail.data;
  const waiting = d?.pendingChange && d.pendingChange.kind !== 'add' ? d.pendingChange : null;
  return (
    <Drawer open={id !== null} size={640} title={d ? `收款人详情 ${d.name}` : '收款人详情'} onClose={onClose} destroyOnHidden>
      {!d ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1} aria-label="收款人信息">
            <Descriptions.Item label="状态">
              <PayeeStatusTag record={d} />
            </Descriptions.Item>
            <Descriptions.Item label="收款人名称">{d.name}</Descriptions.Item>
            <Descriptions.Item label="收款账号">{groupAccountNo(d.accountNo)}</Descriptions.Item>
            <Descriptions.Item label="开户行">{d.bankName}</Descriptions.Item>
            <Descriptions.Item label="大额支付行号">{d.cnaps}</Descriptions.Item>
            <Descriptions.Item label="备注">{orEmpty(d.remark)}</Descriptions.Item>
            <Descriptions.Item label="录入人">{d.createdByName}</Descriptions.Item>
            {d.refuseReason && (
              <Descriptions.Item label="拒绝原因">
                <Typography.Text type="danger">{d.refuseReason}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          {waiting && (
            <Descriptions bordered size="small" column={1} title={`待复核的${changeKindLabel(waiting.kind)}`} aria-label="待复核的变更">
              <Descriptions.Item label="收款人名称">{waiting.name}</Descriptions.Item>
              <Descriptions.Item label="收款账号">{groupAccountNo(waiting.accountNo)}</Descriptions.Item>
              <Descriptions.Item label="开户行">
                {waiting.bankName}（{waiting.cnaps}）
              </Descriptions.Item>
              <Descriptions.Item label="申请人">
                {waiting.requestedByName} · {formatDateTime(waiting.requestedAt)}
              </Descriptions.Item>
            </Descriptions>
          )}
          <section aria-label="变更记录">
            <Typography.Title level={5}>变更记录</Typography.Title>
            <Timeline items={d.history.map((h) => ({ key: h.id, color: h.status === 'refused' ? 'red' : h.status === 'pending' ? 'gray' : 'blue', content: <HistoryItem h={h} /> }))} />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
