import { useCallback, useReducer } from 'react';
import type { Location } from 'react-router';

/** Spec §4 "Tab views": one per visited named route; affix (pinned) tabs stay. */
export interface TabView {
  /** The pathname: one tab, and one cached view, per path. */
  path: string;
  /** Path and query, where the tab leads back to. */
  fullPath: string;
  title: string;
  /** The location the view renders with, frozen while it is hidden. */
  location: Location | null;
  affix: boolean;
  /** Bumped by 刷新 to re-mount the cached view. */
  version: number;
}

type Action =
  | { type: 'visit'; view: Omit<TabView, 'version' | 'affix'> }
  | { type: 'remove'; path: string }
  | { type: 'removeOthers'; path: string }
  | { type: 'removeAll' }
  | { type: 'refresh'; path: string };

export const HOME_VIEW: TabView = { path: '/home', fullPath: '/home', title: '首页', location: null, affix: true, version: 0 };

function reduce(views: TabView[], action: Action): TabView[] {
  switch (action.type) {
    case 'visit': {
      const existing = views.find((v) => v.path === action.view.path);
      if (!existing) return [...views, { ...action.view, affix: false, version: 0 }];
      // Coming back to a tab (same path and query) changes nothing: no second render of the console.
      if (existing.fullPath === action.view.fullPath && existing.title === action.view.title && existing.location) return views;
      return views.map((v) => (v.path === action.view.path ? { ...v, ...action.view } : v));
    }
    case 'remove':
      return views.filter((v) => v.affix || v.path !== action.path);
    case 'removeOthers':
      return views.filter((v) => v.affix || v.path === action.path);
    case 'removeAll':
      return views.filter((v) => v.affix);
    case 'refresh':
      return views.map((v) => (v.path === action.path ? { ...v, version: v.version + 1 } : v));
  }
}

export function useTabViews() {
  const [views, dispatch] = useReducer(reduce, [HOME_VIEW]);
  return {
    views,
    visit: useCallback((view: Omit<TabView, 'version' | 'affix'>) => dispatch({ type: 'visit', view }), []),
    remove: useCallback((path: string) => dispatch({ type: 'remove', path }), []),
    removeOthers: useCallback((path: string) => dispatch({ type: 'removeOthers', path }), []),
    removeAll: useCallback(() => dispatch({ type: 'removeAll' }), []),
    refresh: useCallback((path: string) => dispatch({ type: 'refresh', path }), []),
  };
}

/** Spec §2: closing the active tab moves to the last remaining tab, or to home. */
export function nextAfterClosing(views: TabView[], closing: string[]): string {
  const remaining = views.filter((v) => v.affix || !closing.includes(v.path));
  return remaining.at(-1)?.fullPath ?? HOME_VIEW.fullPath;
}
