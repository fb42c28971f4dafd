import { Segmented, Space, Typography } from 'antd';
import type { ServiceMode } from './demo-account-service';
import styles from './component-gallery.module.css';

export type SelectionChoice = 'checkbox' | 'radio' | 'none';

interface DataTableDemoControlsProps {
  selectionType: SelectionChoice;
  onSelectionType: (value: SelectionChoice) => void;
  mode: ServiceMode;
  onMode: (value: ServiceMode) => void;
}

/** What the demo lets one try: how rows are selected, and how the simulated list call answers. */
export function DataTableDemoControls({ selectionType, onSelectionType, mode, onMode }: DataTableDemoControlsProps) {
  return (
    <div className={styles.demoControls}>
      <Space wrap>
        <Typography.Text type="secondary">选择方式</Typography.Text>
        <Segmented<SelectionChoice>
          aria-label="选择方式"
          value={selectionType}
          onChange={onSelectionType}
          options={[
            { value: 'checkbox', label: '多选' },
            { value: 'radio', label: '单选' },
            { value: 'none', label: '不可选' },
          ]}
        />
      </Space>
      <Space wrap>
        <Typography.Text type="secondary">接口模拟</Typography.Text>
        <Segmented<ServiceMode>
          aria-label="接口模拟"
          value={mode}
          onChange={onMode}
          options={[
            { value: 'normal', label: '正常' },
            { value: 'empty', label: '无数据' },
            { value: 'error', label: '调用失败' },
          ]}
        />
      </Space>
    </div>
  );
}
