import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import styles from './error-page.module.css';

/** Spec §2 "404 page": '没有找到页面!' and '此页面不存在...', a link home and a hint to refresh. */
export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <div className={styles.code} aria-hidden>
        404
      </div>
      <Typography.Title level={2}>没有找到页面!</Typography.Title>
      <Typography.Paragraph type="secondary">此页面不存在...</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        请检查您输入的网址是否正确，或点击以下按钮返回首页；如果您确认网址无误，请尝试
        <Typography.Link onClick={() => window.location.reload()}>刷新页面</Typography.Link>。
      </Typography.Paragraph>
      <Link to={paths.home}>
        <Button type="primary">返回首页</Button>
      </Link>
    </main>
  );
}
