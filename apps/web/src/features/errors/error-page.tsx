import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import styles from './error-page.module.css';

/** The layout the 404 and 401 pages share: the code, a title, what to do, and a way home. */
export function ErrorPage({ code, title, children }: { code: string; title: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.code} aria-hidden>
        {code}
      </div>
      <Typography.Title level={2}>{title}</Typography.Title>
      {children}
      <Link to={paths.home}>
        <Button type="primary">返回首页</Button>
      </Link>
    </main>
  );
}
