import { App, Descriptions, Typography } from 'antd';

/** Shows a partner's new client secret, in the answer that made it only: the server keeps its hash. */
export function useSecretNotice() {
  const { modal } = App.useApp();
  return (title: string, clientId: string, clientSecret: string) =>
    modal.success({
      title,
      width: 560,
      okText: '我已记下',
      keyboard: false,
      content: (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'id', label: 'client_id', children: <Typography.Text code copyable={{ text: clientId }}>{clientId}</Typography.Text> },
              {
                key: 'secret',
                label: 'client_secret',
                children: (
                  <Typography.Text code copyable={{ text: clientSecret, tooltips: ['复制', '已复制'] }} data-client-secret>
                    {clientSecret}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="warning" style={{ marginTop: 12, marginBottom: 0 }}>
            密钥仅显示这一次，请通过安全渠道交给合作方；遗失后只能重置。
          </Typography.Paragraph>
        </>
      ),
    });
}
