import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import styles from './security-control-help-page.module.css';

const { Title, Paragraph } = Typography;

/**
 * `/help/securityControl`: what the login page's help links promise. The bank's native control
 * (and its download, spec §2) is IE11/Edge only; this product's control is built into the page.
 */
export function SecurityControlHelpPage() {
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <Title level={2}>安全控件说明</Title>

        <Title level={4}>内置安全密码控件</Title>
        <Paragraph>
          本网银的密码输入框是内置于页面的安全控件，在 Chrome、Edge、Firefox 等主流浏览器中均可直接使用，无需下载或安装任何插件。
        </Paragraph>
        <ul className={styles.list}>
          <li>输入内容以掩码显示，不能复制、剪切、粘贴或拖放，浏览器也不会自动填充或记住密码。</li>
          <li>只接受英文半角的字母、数字和符号（输入中文或全角字符时会提示并拒收），密码须同时包含字母和数字，最长 32 位。</li>
          <li>密码在离开浏览器之前即以国密 SM2 算法加密，并附带一次性随机数，传输途中无法被读取或重放。</li>
          <li>离开登录页或首页时，控件会立即清除已输入的内容。</li>
        </ul>

        <Title level={4}>设备标识</Title>
        <Paragraph>
          首次在某个浏览器登录时，浏览器会生成一对国密 SM2 设备密钥并保存在本机，此后每次登录都用它签名，以便识别常用设备。更换浏览器或清除浏览器数据后，系统会将其视为新设备。
        </Paragraph>

        <Title level={4} id="certificate">
          证书版用户：导入证书文件
        </Title>
        <ol className={styles.list}>
          <li>通过“网银助手”下载，或在开户网点领取您的数字证书文件。</li>
          <li>打开证书版登录页，按页面提示选择证书文件并输入证书保护密码，完成导入。</li>
          <li>导入后用户名由证书自动带出，输入登录密码和图形验证码即可登录。</li>
        </ol>
        <Paragraph>
          如登录页提示“当前证书状态异常包含但不限于(过期/未下载/冻结),请使用网银助手检查证书状态”，说明本浏览器中没有可用的证书，请使用网银助手检查证书状态，或致电客服热线 95577。
        </Paragraph>

        <Link to={paths.login}>返回登录</Link>
      </Card>
    </main>
  );
}
