import { useQuery } from '@tanstack/react-query';
import { Drawer, Layout, Menu, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { clearToken, getToken } from '../../lib/session-token';
import { useLiveEventStream } from '../../lib/live-events';
import { AccessContext } from '../../lib/permissions';
import { currentMenuQuery, currentUserQuery, sessionKeyQuery, type MenuItem, type SessionUser } from '../../lib/session';
import { NotFoundPage } from '../../features/errors/not-found-page';
import { PasswordExpiryCheck } from '../../features/auth';
import { CutoffNudge } from '../../features/instructions/cutoff-nudge';
import { useConsoleRoute } from './console-route';
import { buildMenuItems } from './menu-items';
import { useSessionExits } from './session-exits';
import { useSideMenu } from './side-menu';
import { useIsMobile, useSidebar } from './sidebar-state';
import { TabBar } from './tab-bar';
import { useTabViews } from './tab-views';
import { TopBar } from './top-bar';
import { ViewOutlet } from './view-outlet';
import styles from './console-layout.module.css';

/** Spec §9: sidebar width 280 px. */
const SIDEBAR_WIDTH = 280;

/**
 * The console (spec §2 "Layout" and "Router guard"): no token → login; fetch the encryption key,
 * load user info and menus once (failure → token cleared, login); meta.access mismatch → /401;
 * otherwise the top bar, the sidebar, the tab bar and the cached views.
 */
export function ConsoleLayout() {
  const token = getToken();
  const location = useLocation();
  const keyReady = useQuery({ ...sessionKeyQuery, enabled: Boolean(token) });
  const user = useQuery({ ...currentUserQuery, enabled: Boolean(token) && keyReady.isSuccess });
  const menus = useQuery({ ...currentMenuQuery, enabled: user.isSuccess });

  if (!token) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (user.isError || keyReady.isError) {
    clearToken();
    return <Navigate to={paths.login} replace />;
  }
  if (!user.data || !menus.data) return <Spin fullscreen tip="正在加载…" />;
  return <Console user={user.data} menus={menus.data} />;
}

function Console({ user, menus }: { user: SessionUser; menus: MenuItem[] }) {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const sidebar = useSidebar();
  const tabs = useTabViews();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const builtMenu = useMemo(() => buildMenuItems(menus), [menus]);
  // Live events for as long as the console is shown (issue 13): the home counts refresh from them.
  useLiveEventStream();
  const { path, redirectTo, state, tabbed } = useConsoleRoute({ access: user.access, menus, groupHome: builtMenu.groupHome, visit: tabs.visit });
  const menuProps = useSideMenu(builtMenu);
  const { signOut, switchTo } = useSessionExits(user);

  // Spec §2: the mobile drawer closes on route change (state adjusted while rendering, not in an effect).
  const [drawerPath, setDrawerPath] = useState(path);
  if (drawerPath !== path) {
    setDrawerPath(path);
    setDrawerOpen(false);
  }

  if (state === 'forbidden') return <Navigate to={paths.unauthorized} replace />;

  const menu = <Menu {...menuProps} />;
  return (
    <AccessContext value={user.access}>
      <Layout className={styles.shell}>
        {mobile ? (
          <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={SIDEBAR_WIDTH} closable={false} styles={{ body: { padding: 0, background: '#001529' } }}>
            {menu}
          </Drawer>
        ) : (
          <Layout.Sider width={SIDEBAR_WIDTH} collapsedWidth={64} collapsed={!sidebar.opened} trigger={null} className={styles.sider}>
            {menu}
          </Layout.Sider>
        )}
        <Layout>
          {/* The top bar and the tab bar stay in place while a long page scrolls. */}
          <div className={styles.head}>
            <TopBar
              user={user}
              sidebarOpened={mobile ? drawerOpen : sidebar.opened}
              onToggleSidebar={() => (mobile ? setDrawerOpen((o) => !o) : sidebar.toggle())}
              onHome={() => navigate(paths.home)}
              onLogout={() => void signOut()}
              onSwitched={switchTo}
            />
            <TabBar
              views={tabs.views}
              activePath={path}
              onSelect={(fullPath) => navigate(fullPath)}
              onClose={(closed, next) => {
                closed.forEach((p) => tabs.remove(p));
                if (next) navigate(next);
              }}
              onRefresh={(view) => {
                tabs.refresh(view.path);
                navigate(`/redirect${view.fullPath}`, { replace: true });
              }}
            />
          </div>
          <Layout.Content className={styles.content}>
            {redirectTo && <Navigate to={redirectTo} replace />}
            {state === 'missing' && !tabbed && <NotFoundPage />}
            <ViewOutlet views={tabs.views} activePath={tabbed ? path : ''} />
          </Layout.Content>
        </Layout>
      </Layout>
      <PasswordExpiryCheck username={user.userName} />
      <CutoffNudge />
    </AccessContext>
  );
}
