import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Layout, Menu, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { UI } from '../../config/ui';
import { clearToken, getToken } from '../../lib/session-token';
import { reloadAt } from '../../lib/app-location';
import { liveEvents, useLiveEventStream } from '../../lib/live-events';
import { AccessContext } from '../../lib/permissions';
import { currentMenuQuery, currentUserQuery, sessionKeyQuery, type MenuItem, type SessionUser } from '../../lib/session';
import { NotFoundPage } from '../../features/errors/not-found-page';
import { logout, PasswordExpiryCheck } from '../../features/auth';
import { PAGES } from '../pages/page-registry';
import { buildMenuItems } from './menu-items';
import { useIsMobile, useSidebar } from './sidebar-state';
import { TabBar } from './tab-bar';
import { useTabViews } from './tab-views';
import { TopBar } from './top-bar';
import { ViewOutlet, resolvePage } from './view-outlet';
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

const REDIRECT_PREFIX = '/redirect/';

function titleOf(path: string, menuTitles: Map<string, string>): string {
  if (path === paths.home) return '首页';
  if (path === paths.iframe) return '嵌入页面';
  return menuTitles.get(path) ?? PAGES[path.slice(1)]?.title ?? path;
}

function Console({ user, menus }: { user: SessionUser; menus: MenuItem[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useIsMobile();
  const sidebar = useSidebar();
  const tabs = useTabViews();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { items, targets, groupOf, groupHome } = useMemo(() => buildMenuItems(menus), [menus]);
  const titles = useMemo(() => new Map(menus.filter((m) => m.scheme === '/' && m.path).map((m) => [`/${m.path}`, m.menuName])), [menus]);

  const path = location.pathname;
  // Spec §2 `/redirect/:path(.*)`: replaced by /{path} with the query, inside the layout so the other views stay.
  // A group's own path (/{menuCode}) opens its first page rather than the 404 page.
  const redirectTo = path.startsWith(REDIRECT_PREFIX)
    ? `/${path.slice(REDIRECT_PREFIX.length)}${location.search}`
    : (groupHome.get(path) ?? null);
  const state = redirectTo ? 'redirect' : resolvePage(path, user.access);
  // A menu entry whose page does not exist still gets its tab, showing the 404 page.
  const tabbed = state === 'page' || (state === 'missing' && titles.has(path));
  const { visit } = tabs;
  // Live events for as long as the console is shown (issue 13): the home counts refresh from them.
  useLiveEventStream();

  // Spec §2: the mobile drawer closes on route change (state adjusted while rendering, not in an effect).
  const [drawerPath, setDrawerPath] = useState(path);
  if (drawerPath !== path) {
    setDrawerPath(path);
    setDrawerOpen(false);
  }
  useEffect(() => {
    // Spec §2: the page scrolls to the top after each navigation.
    window.scrollTo(0, 0);
  }, [path]);

  const selected = [...targets.entries()].find(([, t]) => t.kind !== 'external' && t.path === `${path}${t.kind === 'iframe' ? location.search : ''}`)?.[0];
  // The group of the current route is open, after a reload or a deep link too; others stay as the user left them.
  const currentGroup = selected ? groupOf.get(selected) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  const [openedFor, setOpenedFor] = useState(currentGroup);
  if (openedFor !== currentGroup) {
    setOpenedFor(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  useEffect(() => {
    if (!tabbed) return;
    const title = titleOf(path, titles);
    visit({ path, fullPath: `${path}${location.search}`, title, location });
    document.title = `${title} - 资产托管客户服务网银`;
  }, [path, location, tabbed, titles, visit]);

  if (state === 'forbidden') return <Navigate to={paths.unauthorized} replace />;

  const signOut = async () => {
    // Closed first: the session's end would otherwise send the stream looking for a new ticket.
    liveEvents.stop();
    // Spec §2: logout goes to the login route and reloads.
    await logout();
    queryClient.clear();
    reloadAt(paths.login);
  };
  const onMenuClick = ({ key }: { key: string }) => {
    const target = targets.get(key);
    if (!target) return;
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    else navigate(target.path);
  };
  const menu = (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={onMenuClick}
      subMenuOpenDelay={UI.submenuDelaySeconds}
      subMenuCloseDelay={UI.submenuDelaySeconds}
      className={styles.menu}
    />
  );

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
              onSwitched={({ userNo, enterpriseName }) => {
                liveEvents.stop();
                clearToken();
                queryClient.clear();
                // The login page names the target enterprise and fills in the username.
                const query = new URLSearchParams({ userNo, username: user.userName, enterprise: enterpriseName });
                reloadAt(`${paths.login}?${query}`);
              }}
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
    </AccessContext>
  );
}
