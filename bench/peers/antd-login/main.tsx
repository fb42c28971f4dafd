// Peer for the login route's weight and Lighthouse: the smallest login form antd 6 gives
// (Form, Input, Input.Password, Button) on React 19, built by bench/lib/peers.ts.
import { Button, Form, Input } from 'antd';
import { createRoot } from 'react-dom/client';

function LoginForm() {
  return (
    <main style={{ maxWidth: 360, margin: '96px auto', padding: 24 }}>
      <h1>资产托管网银</h1>
      <Form layout="vertical" onFinish={() => undefined}>
        <Form.Item label="用户名" name="username" rules={[{ required: true, message: '请输入用户名' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="验证码" name="captcha" rules={[{ required: true, message: '请输入验证码' }]}>
          <Input placeholder="请输入验证码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          登录
        </Button>
      </Form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<LoginForm />);
