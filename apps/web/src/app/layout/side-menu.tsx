import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { UI } from '../../config/ui';
import type { buildMenuItems } from './menu-items';
import styles from './console-layout.module.css';

/**
 * The sidebar menu's props: the entry of the current route selected and its group open (after a
 * reload or a deep link too; other groups stay as the user left them); a click opens the entry's
 * page, iframe page or, for an external one, a new window.
 */
export function useSideMenu({ items, targets, groupOf }: ReturnType<typeof buildMenuItems>): MenuProps {
  const location = useLocation();
  const navigate = useNavigate();
  const path = location.pathname;
  const selected = [...targets.entries()].find(([, t]) => t.kind !== 'external' && t.path === `${path}${t.kind === 'iframe' ? location.search : ''}`)?.[0];
  const currentGroup = selected ? groupOf.get(selected) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  const [openedFor, setOpenedFor] = useState(currentGroup);
  if (openedFor !== currentGroup) {
    setOpenedFor(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  const onClick = ({ key }: { key: string }) => {
    const target = targets.get(key);
    if (!target) return;
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    else navigate(target.path);
  };
  return {
    mode: 'inline',
    theme: 'dark',
    items,
    selectedKeys: selected ? [selected] : [],
    openKeys,
    onOpenChange: setOpenKeys,
    onClick,
    subMenuOpenDelay: UI.submenuDelaySeconds,
    subMenuCloseDelay: UI.submenuDelaySeconds,
    className: styles.menu,
  };
}
