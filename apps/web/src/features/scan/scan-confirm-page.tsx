import { useQuery } from '@tanstack/react-query';
import { describeClient } from '@portal/shared';
import { Alert, Button, Card, Descriptions, Radio, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { getToken } from '../../lib/session-token';
import { scanInfoQuery, useScanAnswer } from './api/scan';
import styles from './scan-confirm-page.module.css';

/**
 * The QR code's address, opened on a phone already logged in (spec §1 scan-code login): who asks
 * in words (device, address and whether it is internal, time), the number the desktop shows
 * picked among three, then confirm or deny, signed by the phone's device key. Without a session
 * it sends the phone to log in first, as a mobile login that the desktop's will not end.
 */
export function ScanConfirmPage() {
  const [searchParams] = useSearchParams();
  const ticket = searchParams.get('t') ?? '';
  const loggedIn = Boolean(getToken());
  const scanInfo = scanInfoQuery(ticket);
  const info = useQuery({ ...scanInfo, enabled: loggedIn && scanInfo.enabled });
  const answer = useScanAnswer(ticket);
  const [picked, setPicked] = useState<string>();

  if (!loggedIn) {
    const back = `${paths.scanConfirm}?t=${encodeURIComponent(ticket)}`;
    return <Navigate to={`${paths.login}?channel=mobile&redirect=${encodeURIComponent(back)}`} replace />;
  }
  const page = (children: React.ReactNode) => <div className={styles.page}>{children}</div>;
  if (answer.data) {
    return page(<Result status={answer.data === 'confirm' ? 'success' : 'info'} title={answer.data === 'confirm' ? '已确认登录' : '已拒绝登录'} subTitle="可以关闭本页面" />);
  }
  // A refused answer has spent the ticket (a wrong number denies the scan): nothing more to answer here.
  if (answer.error) return page(<Result status="warning" title={answer.error.message} />);
  if (info.error) return page(<Result status="warning" title={info.error.message} />);
  const described = info.data && describeClient(info.data);
  return page(
    <Card title="扫码登录确认" loading={info.isLoading}>
      {info.data && described && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert type="warning" showIcon title="请确认是您本人在以下电脑上登录，否则请拒绝" description={described.summary} />
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={[
              { key: 'device', label: '设备', children: described.device },
              { key: 'ip', label: '地址', children: described.address },
              { key: 'at', label: '时间', children: described.time },
              {
                key: 'ua',
                label: '浏览器标识',
                children: (
                  <Typography.Text type="secondary" className={styles.userAgent} data-scan-ua>
                    {info.data.userAgent || '未知'}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <div role="group" aria-labelledby="scan-number-label">
            <Typography.Paragraph id="scan-number-label" strong>
              请选择电脑上二维码下方显示的数字
            </Typography.Paragraph>
            <Radio.Group className={styles.numbers} optionType="button" buttonStyle="solid" size="large" value={picked} onChange={(e) => setPicked(e.target.value as string)}>
              {info.data.choices.map((n) => (
                <Radio.Button key={n} value={n} className={styles.number}>
                  {n}
                </Radio.Button>
              ))}
            </Radio.Group>
          </div>
          <Button type="primary" block size="large" disabled={!picked} loading={answer.isPending && answer.variables?.result === 'confirm'} onClick={() => answer.mutate({ result: 'confirm', matchNumber: picked })}>
            确认登录
          </Button>
          <Button block size="large" danger loading={answer.isPending && answer.variables?.result === 'deny'} onClick={() => answer.mutate({ result: 'deny' })}>
            拒绝
          </Button>
        </Space>
      )}
    </Card>,
  );
}
