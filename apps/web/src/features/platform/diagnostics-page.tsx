import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Tag, Typography } from 'antd';
import { channelsQuery, negotiationQuery, type ChannelCheck } from './api/diagnostics';
import styles from './diagnostics-page.module.css';

const ALGORITHM_NAMES: Record<string, string> = {
  SM2: 'SM2 国密非对称算法',
  RSA: 'RSA-3072 (OAEP)',
  SM4: 'SM4-GCM 国密对称算法',
  AES: 'AES-256-GCM',
};

function channelTag(check: ChannelCheck | undefined, failed: boolean) {
  if (failed) return <Tag color="error">失败</Tag>;
  if (!check) return <Tag>检测中…</Tag>;
  return check.ok ? <Tag color="success">正常（{check.roundTripMs} 毫秒）</Tag> : <Tag color="error">报文不一致</Tag>;
}

/**
 * Connection diagnostics for customers and support staff: which algorithms were negotiated,
 * and whether the encrypted and the plain channel both carry a message there and back.
 */
export function DiagnosticsPage() {
  const queryClient = useQueryClient();
  const negotiation = useQuery(negotiationQuery);
  const channels = useQuery({ ...channelsQuery, enabled: negotiation.isSuccess });
  const recheck = () => void queryClient.invalidateQueries({ queryKey: ['diagnostics'] });

  return (
    <main className={styles.page}>
      <Card
        title="连接诊断"
        extra={
          <Button type="primary" onClick={recheck} loading={negotiation.isFetching || channels.isFetching}>
            重新检测
          </Button>
        }
      >
        {negotiation.isError ? (
          <Result status="error" title="无法与服务器协商加密参数" subTitle="请检查网络连接后点击“重新检测”。" />
        ) : (
          <Space direction="vertical" size="large" className={styles.body}>
            <Descriptions bordered column={1} size="middle" labelStyle={{ width: 200 }}>
              <Descriptions.Item label="密钥交换算法">
                {negotiation.data ? ALGORITHM_NAMES[negotiation.data.asym] : '协商中…'}
              </Descriptions.Item>
              <Descriptions.Item label="报文加密算法">
                {negotiation.data ? ALGORITHM_NAMES[negotiation.data.sym] : '协商中…'}
              </Descriptions.Item>
              <Descriptions.Item label="加密传输接口数">{negotiation.data?.encryptedApis ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="加密通道">{channelTag(channels.data?.encrypted, channels.isError)}</Descriptions.Item>
              <Descriptions.Item label="明文通道">{channelTag(channels.data?.plain, channels.isError)}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary">
              如加密通道失败而明文通道正常，请刷新页面重新协商密钥；如两者均失败，请检查网络或联系客服热线 95577。
            </Typography.Paragraph>
          </Space>
        )}
      </Card>
    </main>
  );
}
