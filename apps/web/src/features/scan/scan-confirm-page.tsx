import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@portal/shared';
import { Alert, Button, Card, Descriptions, Result, Space } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { getToken } from '../../lib/session-token';
import { scanInfoQuery, useScanAnswer } from './api/scan';

/**
 * The QR code's address, opened on a phone already logged in (spec §1 scan-code login): who asks
 * (browser, address, time), then confirm or deny, signed by the phone's device key. Without a
 * session it sends the phone to log in first, as a mobile login that the desktop's will not end.
 */
export function ScanConfirmPage() {
  const [searchParams] = useSearchParams();
  const ticket = searchParams.get('t') ?? '';
  const loggedIn = Boolean(getToken());
  const scanInfo = scanInfoQuery(ticket);
  const info = useQuery({ ...scanInfo, enabled: loggedIn && scanInfo.enabled });
  const answer = useScanAnswer(ticket);

  if (!loggedIn) {
    const back = `${paths.scanConfirm}?t=${encodeURIComponent(ticket)}`;
    return <Navigate to={`${paths.login}?channel=mobile&redirect=${encodeURIComponent(back)}`} replace />;
  }
  const page = (children: React.ReactNode) => <div style={{ maxWidth: 480, margin: '0 auto', padding: 16 }}>{children}</div>;
  if (answer.data) {
    return page(<Result status={answer.data === 'confirm' ? 'success' : 'info'} title={answer.data === 'confirm' ? '已确认登录' : '已拒绝登录'} subTitle="可以关闭本页面" />);
  }
  if (info.error) return page(<Result status="warning" title={info.error.message} />);
  return page(
    <Card title="扫码登录确认" loading={info.isLoading}>
      {info.data && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert type="warning" showIcon title="请确认是您本人在以下电脑上登录，否则请拒绝" />
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={[
              { key: 'ua', label: '浏览器', children: <span data-scan-ua>{info.data.userAgent || '未知'}</span> },
              { key: 'ip', label: '地址', children: info.data.clientIp },
              { key: 'at', label: '时间', children: formatDateTime(info.data.requestedAt) },
            ]}
          />
          <Button type="primary" block size="large" loading={answer.isPending && answer.variables === 'confirm'} onClick={() => answer.mutate('confirm')}>
            确认登录
          </Button>
          <Button block size="large" danger loading={answer.isPending && answer.variables === 'deny'} onClick={() => answer.mutate('deny')}>
            拒绝
          </Button>
        </Space>
      )}
    </Card>,
  );
}
