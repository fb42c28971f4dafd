import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import styles from './error-page.module.css';

/** Spec §2 `/401`: where the guard sends a user to a route their access does not cover. */
export function UnauthorizedPage() {
  return (
    <main className={styles.page}>
      <div className={styles.code} aria-hidden>
        401
      </div>
      <Typography.Title level={2}>没有访问权限!</Typography.Title>
      <Typography.Paragraph type="secondary">您没有访问该页面的权限，如需使用请联系贵单位的系统管理员。</Typography.Paragraph>
      <Link to={paths.home}>
        <Button type="primary">返回首页</Button>
      </Link>
    </main>
  );
}
