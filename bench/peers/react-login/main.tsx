// Peer for Lighthouse: the antd peer's login form in plain React 19 and HTML controls, no component library.
import { createRoot } from 'react-dom/client';

function LoginForm() {
  const field = { display: 'block', width: '100%', margin: '4px 0 16px', padding: '4px 11px', fontSize: 14, lineHeight: '22px' };
  return (
    <main style={{ maxWidth: 360, margin: '96px auto', padding: 24, fontFamily: 'sans-serif' }}>
      <h1>资产托管网银</h1>
      <form onSubmit={(e) => e.preventDefault()}>
        <label>
          用户名
          <input name="username" autoComplete="username" required style={field} />
        </label>
        <label>
          密码
          <input name="password" type="password" autoComplete="current-password" required style={field} />
        </label>
        <label>
          验证码
          <input name="captcha" placeholder="请输入验证码" required style={field} />
        </label>
        <button type="submit" style={{ ...field, color: '#fff', background: '#0958d9', border: 0, borderRadius: 6 }}>
          登录
        </button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<LoginForm />);
