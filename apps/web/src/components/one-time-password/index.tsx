import { App, Descriptions, Typography } from 'antd';

export interface OneTimePasswordNotice {
  /** The dialog title, e.g. '企业已创建'. */
  title: string;
  username: string;
  password: string;
  /** A line before the credentials (what was done). */
  intro?: string;
}

/**
 * Shows a password the server handed out (new login, reset) once: it is in that answer only,
 * never stored in the clear and never shown again, so the dialog closes only by its button.
 */
export function useOneTimePasswordNotice() {
  const { modal } = App.useApp();
  return ({ title, username, password, intro }: OneTimePasswordNotice) =>
    modal.success({
      title,
      width: 480,
      okText: '我已记下',
      keyboard: false,
      content: (
        <>
          {intro && <Typography.Paragraph>{intro}</Typography.Paragraph>}
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'username', label: '用户名', children: username },
              {
                key: 'password',
                label: '初始密码',
                children: (
                  <Typography.Text code copyable={{ text: password, tooltips: ['复制', '已复制'] }} data-one-time-password>
                    {password}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="warning" style={{ marginTop: 12, marginBottom: 0 }}>
            该密码仅显示这一次，请妥善转交用户；用户首次登录时须修改密码。
          </Typography.Paragraph>
        </>
      ),
    });
}
