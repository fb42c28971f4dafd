import { useQuery } from '@tanstack/react-query';
import { TEMPLATE_CHANGE_STATUS, formatDateTime, groupAccountNo, type TemplateChangeStatus, type TemplateHistory } from '@portal/shared';
import { Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { templateDetailQuery } from '../api/templates';
import { Locked, LockedTags, TemplateStatusTag, changeKindLabel, payeeLine, typeLabel } from './template-format';

const COLOURS: Record<TemplateChangeStatus, string> = { pending: 'gray', approved: 'blue', refused: 'red', withdrawn: 'gray' };

function HistoryItem({ h }: { h: TemplateHistory }) {
  return (
    <>
      <Typography.Text strong>
        {changeKindLabel(h.kind)} · {TEMPLATE_CHANGE_STATUS[h.status]}
        {h.revision !== null && ` · 第${h.revision}版`}
      </Typography.Text>
      <div>
        {h.name}：{typeLabel(h.type)}，{groupAccountNo(h.payerAccountNo)} → {payeeLine(h)}，{h.purpose}
      </div>
      <LockedTags locked={h.locked} />
      <div>
        <Typography.Text type="secondary">
          录入：{h.requestedByName}（{h.requestedByUserNo}） · {formatDateTime(h.requestedAt)}
        </Typography.Text>
      </div>
      {h.status === 'withdrawn' && h.decidedAt && <Typography.Text type="secondary">录入人撤回 · {formatDateTime(h.decidedAt)}</Typography.Text>}
      {h.decidedByUserNo && h.decidedAt && (
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

/** A template's approved version (or the new one waiting), the change waiting beside it, and every proposal with what became of it. */
export function TemplateDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ ...templateDetailQuery(id ?? 0), enabled: id !== null });
  const d = detail.data;
  const waiting = d?.pendingChange && d.pendingChange.kind !== 'add' ? d.pendingChange : null;
  const locks = new Set(d?.locked ?? []);
  return (
    <Drawer open={id !== null} size={640} title={d ? `指令模板 ${d.name}` : '指令模板'} onClose={onClose} destroyOnHidden>
      {!d ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1} aria-label="模板信息">
            <Descriptions.Item label="状态">
              <TemplateStatusTag record={d} />
            </Descriptions.Item>
            <Descriptions.Item label="模板名称">{d.name}</Descriptions.Item>
            <Descriptions.Item label="指令类型">
              <Locked on={locks.has('type')}>{typeLabel(d.type)}</Locked>
            </Descriptions.Item>
            <Descriptions.Item label="付款账户">
              <Locked on={locks.has('payerAccountNo')}>{groupAccountNo(d.payerAccountNo)}</Locked>
            </Descriptions.Item>
            <Descriptions.Item label="收款人">
              <Locked on={locks.has('payee')}>
                {d.payeeName}
                <br />
                {groupAccountNo(d.payeeAccountNo)}
                <br />
                {d.payeeBank}（{d.payeeCnaps}）
              </Locked>
            </Descriptions.Item>
            <Descriptions.Item label="用途">
              <Locked on={locks.has('purpose')}>{d.purpose}</Locked>
            </Descriptions.Item>
            <Descriptions.Item label="录入人">{d.createdByName}</Descriptions.Item>
            {d.refuseReason && (
              <Descriptions.Item label="拒绝原因">
                <Typography.Text type="danger">{d.refuseReason}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          {waiting && (
            <Descriptions bordered size="small" column={1} title={`待复核的${changeKindLabel(waiting.kind)}`} aria-label="待复核的变更">
              <Descriptions.Item label="模板名称">{waiting.name}</Descriptions.Item>
              <Descriptions.Item label="指令类型">{typeLabel(waiting.type)}</Descriptions.Item>
              <Descriptions.Item label="付款账户">{groupAccountNo(waiting.payerAccountNo)}</Descriptions.Item>
              <Descriptions.Item label="收款人">{payeeLine(waiting)}</Descriptions.Item>
              <Descriptions.Item label="用途">{waiting.purpose}</Descriptions.Item>
              <Descriptions.Item label="锁定字段">
                <LockedTags locked={waiting.locked} />
              </Descriptions.Item>
              <Descriptions.Item label="申请人">
                {waiting.requestedByName} · {formatDateTime(waiting.requestedAt)}
              </Descriptions.Item>
            </Descriptions>
          )}
          <section aria-label="变更记录">
            <Typography.Title level={5}>变更记录</Typography.Title>
            <Timeline items={d.history.map((h) => ({ key: h.id, color: COLOURS[h.status], content: <HistoryItem h={h} /> }))} />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
