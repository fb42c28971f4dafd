import { DownOutlined } from '@ant-design/icons';
import { hasAction } from '@portal/shared';
import { App, Button, Dropdown, Space, Typography, type TableColumnType } from 'antd';
import { use } from 'react';
import { NARROW_QUERY, useMediaQuery } from '../../lib/media-query';
import { AccessContext } from '../../lib/permissions';
import type { RowAction } from './types';

interface RowActionButtonsProps<T> {
  row: T;
  actions: readonly RowAction<T>[];
  maxInline: number;
  /** On a phone the buttons stand one under another, so the column stays one button wide. */
  stacked: boolean;
}

/** A row's buttons: up to `maxInline` of them, or one fewer and the rest under 更多 (More). */
function RowActionButtons<T>({ row, actions, maxInline, stacked }: RowActionButtonsProps<T>) {
  const { modal } = App.useApp();
  const shown = actions.filter((action) => action.visible?.(row) ?? true);
  const run = (action: RowAction<T>) => {
    const question = typeof action.confirm === 'function' ? action.confirm(row) : action.confirm;
    if (!question) {
      void action.onClick(row);
      return;
    }
    modal.confirm({
      title: `确认${action.label}`,
      content: question,
      okButtonProps: { danger: action.danger },
      onOk: () => action.onClick(row),
    });
  };
  // A row none of whose actions apply (the bank's own enterprise…) says so rather than looking unfinished.
  if (shown.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const inline = shown.length > maxInline ? shown.slice(0, maxInline - 1) : shown;
  const overflow = shown.slice(inline.length);
  return (
    <Space size={0} orientation={stacked ? 'vertical' : 'horizontal'} align={stacked ? 'start' : undefined}>
      {inline.map((action) => (
        <Button key={action.key} type="link" size="small" danger={action.danger} onClick={() => run(action)}>
          {action.label}
        </Button>
      ))}
      {overflow.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: overflow.map((action) => ({ key: action.key, label: action.label, danger: action.danger })),
            onClick: ({ key }) => {
              const action = overflow.find((a) => a.key === key);
              if (action) run(action);
            },
          }}
        >
          <Button type="link" size="small">
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/**
 * The 操作 column for the actions the user holds (spec §6 `ACTION_` rule), or null when they
 * hold none, so a read-only user sees no empty column. It stays in view from 768 px; on a phone
 * it scrolls with the row, as a pinned column would leave the data too little room.
 */
export function useRowActionsColumn<T>(actions: readonly RowAction<T>[] | undefined, maxInline: number): TableColumnType<T> | null {
  const access = use(AccessContext);
  const narrow = useMediaQuery(NARROW_QUERY);
  const allowed = (actions ?? []).filter((action) => !action.permission || hasAction(access, action.permission));
  if (allowed.length === 0) return null;
  return {
    key: '__actions',
    title: '操作',
    fixed: narrow ? undefined : 'right',
    render: (_, row) => <RowActionButtons row={row} actions={allowed} maxInline={maxInline} stacked={narrow} />,
  };
}
