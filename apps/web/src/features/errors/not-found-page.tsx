import { Typography } from 'antd';
import { ErrorPage } from './error-page';

/** Spec §2 "404 page": '没有找到页面!' and '此页面不存在...', a link home and a hint to refresh. */
export function NotFoundPage() {
  return (
    <ErrorPage code="404" title="没有找到页面!">
      <Typography.Paragraph type="secondary">此页面不存在...</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        请检查您输入的网址是否正确，或点击以下按钮返回首页；如果您确认网址无误，请尝试
        <Typography.Link onClick={() => window.location.reload()}>刷新页面</Typography.Link>。
      </Typography.Paragraph>
    </ErrorPage>
  );
}
