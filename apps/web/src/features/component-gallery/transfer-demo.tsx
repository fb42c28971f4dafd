import { Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { InstitutionPicker, UserAssignTransfer } from '../../components/transfer';
import { demoInstitutions, demoUsers } from './demo-data';
import styles from './component-gallery.module.css';

type DataSize = 'sample' | 'large';
type PickMode = 'single' | 'multiple';

const LARGE = 10_000;

export function TransferDemo() {
  const [size, setSize] = useState<DataSize>('sample');
  const [pickMode, setPickMode] = useState<PickMode>('single');
  const users = useMemo(() => demoUsers(size === 'large' ? LARGE : 24), [size]);
  const institutions = useMemo(() => demoInstitutions(size === 'large' ? LARGE : 12), [size]);
  const [assigned, setAssigned] = useState<string[]>(['U100000101', 'U100000104']);
  const [picked, setPicked] = useState<string[]>([]);

  return (
    <>
      <div className={styles.demoControls}>
        <Space>
          <Typography.Text type="secondary">数据量</Typography.Text>
          <Segmented<DataSize>
            aria-label="数据量"
            value={size}
            onChange={setSize}
            options={[
              { value: 'sample', label: '示例数据' },
              { value: 'large', label: '10,000 条' },
            ]}
          />
        </Space>
      </div>

      <Typography.Title level={5}>用户分配 UserAssignTransfer</Typography.Title>
      {/* Keyed by data size: choices made in one data set mean nothing in the other. */}
      <UserAssignTransfer key={`users-${size}`} users={users} value={assigned} onChange={setAssigned} />
      <Typography.Paragraph type="secondary" className={styles.transferValue}>
        已分配用户号：{assigned.join('、') || '无'}
      </Typography.Paragraph>

      <div className={styles.sectionHeading}>
        <Typography.Title level={5}>第三方机构选择 InstitutionPicker</Typography.Title>
        <Segmented<PickMode>
          aria-label="机构选择方式"
          value={pickMode}
          onChange={(value) => {
            setPickMode(value);
            setPicked([]);
          }}
          options={[
            { value: 'single', label: '单选' },
            { value: 'multiple', label: '多选' },
          ]}
        />
      </div>
      <InstitutionPicker
        key={`institutions-${size}-${pickMode}`}
        institutions={institutions}
        value={picked}
        onChange={setPicked}
        mode={pickMode}
      />
      <Typography.Paragraph type="secondary" className={styles.transferValue}>
        已选企业编号：{picked.join('、') || '无'}
      </Typography.Paragraph>
    </>
  );
}
