import { Dropdown, Tabs } from 'antd';
import type { MouseEvent } from 'react';
import { nextAfterClosing, type TabView } from './tab-views';
import styles from './console-layout.module.css';

interface Props {
  views: TabView[];
  activePath: string;
  onSelect(fullPath: string): void;
  onClose(paths: string[], next: string | null): void;
  onRefresh(view: TabView): void;
}

/** Spec §2 tab bar: × or middle-click closes; context menu 刷新 / 关闭 / 关闭其他 / 关闭全部. */
export function TabBar({ views, activePath, onSelect, onClose, onRefresh }: Props) {
  const close = (paths: string[]) => {
    const closable = paths.filter((p) => !views.find((v) => v.path === p)?.affix);
    if (closable.length === 0) return;
    onClose(closable, closable.includes(activePath) ? nextAfterClosing(views, closable) : null);
  };

  const items = views.map((view) => {
    const others = views.filter((v) => v.path !== view.path && !v.affix).map((v) => v.path);
    const all = views.filter((v) => !v.affix).map((v) => v.path);
    const label = (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: [
            { key: 'refresh', label: '刷新' },
            { key: 'close', label: '关闭', disabled: view.affix },
            { key: 'closeOthers', label: '关闭其他', disabled: others.length === 0 },
            { key: 'closeAll', label: '关闭全部', disabled: all.length === 0 },
          ],
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            if (key === 'refresh') onRefresh(view);
            if (key === 'close') close([view.path]);
            if (key === 'closeOthers') {
              if (others.length > 0) onClose(others, view.path === activePath ? null : view.fullPath);
            }
            if (key === 'closeAll') close(all);
          },
        }}
      >
        <span
          className={styles.tabLabel}
          data-path={view.path}
          onMouseUp={(e: MouseEvent) => {
            if (e.button === 1) close([view.path]);
          }}
        >
          {view.title}
        </span>
      </Dropdown>
    );
    return { key: view.path, label, closable: !view.affix };
  });

  return (
    <Tabs
      className={styles.tabBar}
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activePath}
      items={items}
      onChange={(key) => onSelect(views.find((v) => v.path === key)?.fullPath ?? key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close([key]);
      }}
    />
  );
}
