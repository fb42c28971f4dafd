import { useQuery } from '@tanstack/react-query';
import { TEMPLATE_LOCKABLE, codeLabel, groupAccountNo, type TemplateRecord } from '@portal/shared';
import { Descriptions, Empty, Modal, Select, Space, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { usableTemplatesQuery } from '../api/templates';

/** 从模板新建: choose one of the enterprise's effective templates; the entry form opens pre-filled from it. */
export function TemplatePicker({ onPick, onClose }: { onPick: (template: TemplateRecord) => void; onClose: () => void }) {
  const templates = useQuery(usableTemplatesQuery);
  const [id, setId] = useState<number | undefined>(undefined);
  const chosen = templates.data?.find((t) => t.id === id);
  const locks = new Set(chosen?.locked ?? []);
  const lock = (on: boolean) => (on ? <LockOutlined aria-label="锁定" style={{ color: '#d48806', marginInlineEnd: 4 }} /> : null);

  return (
    <Modal open title="从模板新建" width={640} okText="使用此模板" okButtonProps={{ disabled: !chosen }} onOk={() => chosen && onPick(chosen)} onCancel={onClose} destroyOnHidden>
      {templates.data?.length === 0 ? (
        <Empty description="暂无已生效的指令模板" />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Select
            aria-label="指令模板"
            style={{ width: '100%' }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={templates.isLoading}
            placeholder="按模板名称或收款人搜索"
            value={id}
            onChange={setId}
            options={(templates.data ?? []).map((t) => ({ value: t.id, label: `${t.name} · ${t.payeeName}` }))}
          />
          {chosen && (
            <Descriptions bordered size="small" column={1} aria-label="模板内容">
              <Descriptions.Item label="指令类型">
                {lock(locks.has('type'))}
                {codeLabel('instructionType', chosen.type)}
              </Descriptions.Item>
              <Descriptions.Item label="付款账户">
                {lock(locks.has('payerAccountNo'))}
                {groupAccountNo(chosen.payerAccountNo)}
              </Descriptions.Item>
              <Descriptions.Item label="收款人">
                {lock(locks.has('payee'))}
                {chosen.payeeName}，{groupAccountNo(chosen.payeeAccountNo)}
              </Descriptions.Item>
              <Descriptions.Item label="用途">
                {lock(locks.has('purpose'))}
                {chosen.purpose}
              </Descriptions.Item>
              <Descriptions.Item label="锁定字段">
                {chosen.locked.length === 0 ? '无' : chosen.locked.map((f) => <Tag key={f}>{TEMPLATE_LOCKABLE[f]}</Tag>)}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Space>
      )}
    </Modal>
  );
}
