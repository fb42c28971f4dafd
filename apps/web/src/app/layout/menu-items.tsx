import {
  ApiOutlined,
  ExportOutlined,
  FileTextOutlined,
  LineChartOutlined,
  NotificationOutlined,
  SettingOutlined,
  StarOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import type { MenuItem } from '../../lib/session';

// The menu's icon names (Ionicons, as the bank's menu data uses them) mapped to antd icons.
const ICONS: Record<string, ReactNode> = {
  'md-settings': <SettingOutlined />,
  'md-list': <UnorderedListOutlined />,
  'md-people': <TeamOutlined />,
  'md-warning': <WarningOutlined />,
  'md-star': <StarOutlined />,
  'md-git-network': <ApiOutlined />,
  'md-open': <ExportOutlined />,
  'md-megaphone': <NotificationOutlined />,
  'md-stats': <LineChartOutlined />,
};
const DEFAULT_ICON = <FileTextOutlined />;

export type MenuTarget = { kind: 'page'; path: string } | { kind: 'iframe'; path: string } | { kind: 'external'; url: string };

/** Only http(s) addresses may be framed or opened; anything else (javascript:, data:) is dropped. */
function safeUrl(menu: MenuItem): string | null {
  try {
    const url = new URL(`${menu.scheme}${menu.path}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Spec §2 "Dynamic routes": where a menu leaf leads. */
export function menuTarget(menu: MenuItem): MenuTarget | null {
  if (menu.scheme === '/' || menu.scheme === '') return { kind: 'page', path: `/${menu.path.replace(/^\/+/, '')}` };
  const url = safeUrl(menu);
  if (!url) return null;
  return menu.target === '_blank' ? { kind: 'external', url } : { kind: 'iframe', path: `/iframe?src=${encodeURIComponent(url)}` };
}

/**
 * antd Menu items from the flat menu list: status 0 hidden, groups at /{menuCode}; `groupOf`
 * maps a leaf's key to its group's, so the sidebar can open the group of the current route, and
 * `groupHome` a group's path (/{menuCode}) to its first page. A group with a single item shows
 * that item in its place unless it is marked always-show (spec §6).
 */
export function buildMenuItems(menus: MenuItem[]): {
  items: MenuProps['items'];
  targets: Map<string, MenuTarget>;
  groupOf: Map<string, string>;
  groupHome: Map<string, string>;
} {
  const visible = menus.filter((m) => m.status !== 0);
  const targets = new Map<string, MenuTarget>();
  const groupOf = new Map<string, string>();
  const groupHome = new Map<string, string>();
  const leaf = (m: MenuItem, icon = ICONS[m.icon] ?? DEFAULT_ICON) => {
    const target = menuTarget(m);
    if (!target) return null;
    targets.set(String(m.menuId), target);
    const label = target.kind === 'external' ? <span>{m.menuName}</span> : m.menuName;
    return { key: String(m.menuId), icon, label, title: m.menuName };
  };
  const items = visible
    .filter((m) => m.parentId === 0)
    .map((top) => {
      const members = visible.filter((m) => m.parentId === top.menuId);
      const key = `/${top.menuCode}`;
      const first = members.map(menuTarget).find((t) => t !== null && t.kind !== 'external');
      if (first?.kind === 'page' || first?.kind === 'iframe') groupHome.set(key, first.path);
      if (members.length === 1 && top.alwaysShow !== 1) return leaf(members[0]!, ICONS[top.icon] ?? DEFAULT_ICON);
      const children = members.map((m) => leaf(m)).filter((x) => x !== null);
      if (children.length === 0) return top.path ? leaf(top) : null;
      children.forEach((child) => groupOf.set(child.key, key));
      return { key, icon: ICONS[top.icon] ?? DEFAULT_ICON, label: top.menuName, children };
    })
    .filter((x) => x !== null);
  return { items, targets, groupOf, groupHome };
}
