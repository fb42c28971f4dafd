import { formatAccountNo, type WarningRecord } from '@portal/shared';
import { Descriptions, Drawer } from 'antd';
import type { WarningKindView } from './warning-kinds';
import { dateTimeOf, handlerOf, WarningStatus } from './warning-format';

/** One warning's every field, where it came from and who handled it. */
export function WarningDetailDrawer<R extends WarningRecord>({ view, record, onClose }: { view: WarningKindView<R>; record: R | null; onClose: () => void }) {
  return (
    <Drawer open={record !== null} size={640} title={`${view.title}详情`} onClose={onClose} destroyOnHidden>
      {record && (
        <Descriptions bordered size="small" column={1} aria-label={`${view.title}信息`}>
          <Descriptions.Item label="状态">
            <WarningStatus record={record} />
          </Descriptions.Item>
          <Descriptions.Item label="企业">{record.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="账号">{formatAccountNo(record.accountNo)}</Descriptions.Item>
          <Descriptions.Item label="账户名称">{record.accountName}</Descriptions.Item>
          {view.details(record).map(([label, value]) => (
            <Descriptions.Item key={label} label={label}>
              {value}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label="来源批次">{record.feedId}</Descriptions.Item>
          <Descriptions.Item label="推送时间">{dateTimeOf(record.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={view.verb === '处理' ? '处理人' : '确认人'}>{handlerOf(record)}</Descriptions.Item>
          <Descriptions.Item label="处理时间">{dateTimeOf(record.handledAt)}</Descriptions.Item>
          <Descriptions.Item label="处理说明">{record.remark ?? '暂无'}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
