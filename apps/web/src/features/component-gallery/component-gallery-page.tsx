import { ACTION_PREFIX, AUTHORITIES } from '@portal/shared';
import { Card, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { AccessContext } from '../../lib/permissions';
import { DataTableDemo } from './data-table-demo';
import { DownloadDemo } from './download-demo';
import { FormBuilderDemo } from './form-builder-demo';
import { TransferDemo } from './transfer-demo';
import styles from './component-gallery.module.css';

const ALL_ACTIONS = Object.keys(AUTHORITIES).filter((name) => name.startsWith(ACTION_PREFIX));
const NO_ACTIONS: string[] = [];

type AccessChoice = 'all' | 'none';

/** The portal's shared components with demo data, for bank staff and the browser tests. */
export function ComponentGalleryPage() {
  const [access, setAccess] = useState<AccessChoice>('all');
  return (
    <AccessContext value={access === 'all' ? ALL_ACTIONS : NO_ACTIONS}>
      <main className={styles.page}>
        <header className={styles.header}>
          <div>
            <Typography.Title level={2}>组件示例</Typography.Title>
            <Typography.Paragraph type="secondary">
              门户通用组件的效果与用法，数据均为演示数据，不会提交到服务器。
            </Typography.Paragraph>
          </div>
          <Space>
            <Typography.Text>模拟权限</Typography.Text>
            <Segmented<AccessChoice>
              aria-label="模拟权限"
              value={access}
              onChange={setAccess}
              options={[
                { value: 'all', label: '全部操作权限' },
                { value: 'none', label: '无操作权限' },
              ]}
            />
          </Space>
        </header>
        <Card title="数据表格 DataTable">
          <DataTableDemo />
        </Card>
        <Card title="表单生成器 FormBuilder">
          <FormBuilderDemo />
        </Card>
        <Card title="穿梭框 UserAssignTransfer / InstitutionPicker">
          <TransferDemo />
        </Card>
        <Card title="文件下载 downloadBlob">
          <DownloadDemo />
        </Card>
      </main>
    </AccessContext>
  );
}
