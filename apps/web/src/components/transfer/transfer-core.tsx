import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { moveKeys, partition, searchTextOf, type TransferMode } from './transfer-items';
import { TransferPanel, type TransferColumn } from './transfer-panel';
import styles from './transfer.module.css';
import { useMessage } from '../../lib/countdown-message';

export interface TransferCoreProps<T> {
  items: readonly T[];
  rowKey: Extract<keyof T, string>;
  columns: readonly TransferColumn<T>[];
  /** Keys of the items on the right. */
  targetKeys: readonly string[];
  onChange: (targetKeys: string[]) => void;
  titles: readonly [left: string, right: string];
  /** 'single': at most one item on the right (spec §5). */
  mode?: TransferMode;
  /** Height of each list's scrolling body in pixels. */
  listHeight?: number;
}

/** Two searchable, virtualised lists with 加入右侧 / 加入左侧 between them. */
export function TransferCore<T extends object>({
  items,
  rowKey,
  columns,
  targetKeys,
  onChange,
  titles,
  mode = 'multiple',
  listHeight = 320,
}: TransferCoreProps<T>) {
  const message = useMessage();
  const [leftSelected, setLeftSelected] = useState<string[]>([]);
  const [rightSelected, setRightSelected] = useState<string[]>([]);

  const keys = useMemo(() => items.map((item) => String(item[rowKey])), [items, rowKey]);
  const texts = useMemo(() => items.map((item) => searchTextOf(item, columns.map((c) => c.field))), [items, columns]);
  const { left, right } = useMemo(() => partition(keys, new Set(targetKeys)), [keys, targetKeys]);

  const move = (direction: 'right' | 'left') => {
    const moved = direction === 'right' ? leftSelected : rightSelected;
    const next = moveKeys(targetKeys, moved, direction, mode);
    if ('refused' in next) {
      message.warning(next.refused);
      return;
    }
    (direction === 'right' ? setLeftSelected : setRightSelected)([]);
    onChange(next);
  };

  const panel = (side: 'left' | 'right') => (
    <TransferPanel
      title={side === 'left' ? titles[0] : titles[1]}
      items={items}
      rowKey={rowKey}
      texts={texts}
      positions={side === 'left' ? left : right}
      columns={columns}
      selectedKeys={side === 'left' ? leftSelected : rightSelected}
      onSelect={side === 'left' ? setLeftSelected : setRightSelected}
      selectionType={side === 'left' && mode === 'single' ? 'radio' : 'checkbox'}
      height={listHeight}
    />
  );

  return (
    <div className={styles.transfer}>
      {panel('left')}
      <div className={styles.operations}>
        <Button type="primary" disabled={leftSelected.length === 0} onClick={() => move('right')}>
          加入右侧 <RightOutlined />
        </Button>
        <Button type="primary" disabled={rightSelected.length === 0} onClick={() => move('left')}>
          <LeftOutlined /> 加入左侧
        </Button>
      </div>
      {panel('right')}
    </div>
  );
}
