import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import type { MenuItem } from '../../lib/session';
import { PAGES } from '../pages/page-registry';
import type { useTabViews } from './tab-views';
import { resolvePage } from './view-outlet';

const REDIRECT_PREFIX = '/redirect/';

function titleOf(path: string, menuTitles: Map<string, string>): string {
  if (path === paths.home) return '首页';
  if (path === paths.iframe) return '嵌入页面';
  return menuTitles.get(path) ?? PAGES[path.slice(1)]?.title ?? path;
}

interface ConsoleRouteOptions {
  access: readonly string[];
  menus: MenuItem[];
  /** A group's path (/{menuCode}) → its first page. */
  groupHome: Map<string, string>;
  visit: ReturnType<typeof useTabViews>['visit'];
}

/**
 * What the console shows for the current route: a redirect, a page (the user may open or not) or
 * the 404 page. A page, and a menu entry whose page does not exist, gets its tab and the window
 * its title; every navigation scrolls to the top.
 */
export function useConsoleRoute({ access, menus, groupHome, visit }: ConsoleRouteOptions) {
  const location = useLocation();
  const titles = useMemo(() => new Map(menus.filter((m) => m.scheme === '/' && m.path).map((m) => [`/${m.path}`, m.menuName])), [menus]);
  const path = location.pathname;
  // Spec §2 `/redirect/:path(.*)`: replaced by /{path} with the query, inside the layout so the other views stay.
  // A group's own path (/{menuCode}) opens its first page rather than the 404 page.
  const redirectTo = path.startsWith(REDIRECT_PREFIX)
    ? `/${path.slice(REDIRECT_PREFIX.length)}${location.search}`
    : (groupHome.get(path) ?? null);
  const state = redirectTo ? 'redirect' : resolvePage(path, access);
  // A menu entry whose page does not exist still gets its tab, showing the 404 page.
  const tabbed = state === 'page' || (state === 'missing' && titles.has(path));

  useEffect(() => {
    // Spec §2: the page scrolls to the top after each navigation.
    window.scrollTo(0, 0);
  }, [path]);

  useEffect(() => {
    if (!tabbed) return;
    const title = titleOf(path, titles);
    visit({ path, fullPath: `${path}${location.search}`, title, location });
    document.title = `${title} - 资产托管客户服务网银`;
  }, [path, location, tabbed, titles, visit]);

  return { path, redirectTo, state, tabbed };
}
