import { Typography } from 'antd';
import { ErrorPage } from './error-page';

/** Spec §2 `/401`: where the guard sends a user to a route their access does not cover. */
export function UnauthorizedPage() {
  return (
    <ErrorPage code="401" title="没有访问权限!">
      <Typography.Paragraph type="secondary">您没有访问该页面的权限，如需使用请联系贵单位的系统管理员。</Typography.Paragraph>
    </ErrorPage>
  );
}
