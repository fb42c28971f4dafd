import { Spin } from 'antd';
import { Activity, Suspense, lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { hasAnyAccess } from '@portal/shared';
import { paths } from '../../config/paths';
import { NotFoundPage } from '../../features/errors/not-found-page';
import { PAGES } from '../pages/page-registry';
import type { TabView } from './tab-views';
import styles from './console-layout.module.css';

const HomePage = lazy(() => import('../../features/home/home-page').then((m) => ({ default: m.HomePage })));
const IframePage = lazy(() => import('../pages/iframe-page').then((m) => ({ default: m.IframePage })));
const lazyPages = new Map<string, ComponentType>();

function pageFor(path: string): ComponentType | undefined {
  if (path === paths.home) return HomePage;
  if (path === paths.iframe) return IframePage;
  const key = path.replace(/^\//, '');
  const entry = PAGES[key];
  if (!entry) return undefined;
  if (!lazyPages.has(key)) lazyPages.set(key, lazy(entry.load));
  return lazyPages.get(key);
}

/** Spec §2 meta.access of a path, when the page registry names one. */
export function pageAccess(path: string): readonly string[] | undefined {
  return PAGES[path.replace(/^\//, '')]?.access;
}

/** Whether a path is a page of the console (else the 404 page), and whether the user may see it. */
export function resolvePage(path: string, access: readonly string[]): 'page' | 'forbidden' | 'missing' {
  if (!pageFor(path)) return 'missing';
  return hasAnyAccess(access, pageAccess(path)) ? 'page' : 'forbidden';
}

interface Props {
  views: TabView[];
  activePath: string;
}

/**
 * The main area: every visited view stays mounted inside React's <Activity>, hidden when its
 * tab is not active, so a half-filled form or a table's page survives a tab switch. Each view
 * keeps the location it was opened with.
 */
export function ViewOutlet({ views, activePath }: Props) {
  return (
    <>
      {views.map((view) => {
        if (!view.location) return null;
        const Page = pageFor(view.path);
        return (
          <Activity key={`${view.path}#${view.version}`} mode={view.path === activePath ? 'visible' : 'hidden'}>
            <div className={styles.view} data-view={view.path}>
              <Suspense fallback={<Spin className={styles.viewSpin} />}>
                <Routes location={view.location}>
                  {/* No page: a menu entry leading nowhere, shown as the 404 page in its own tab. */}
                  <Route path="*" element={Page ? <Page /> : <NotFoundPage />} />
                </Routes>
              </Suspense>
            </div>
          </Activity>
        );
      })}
    </>
  );
}
