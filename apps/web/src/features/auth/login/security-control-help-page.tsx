import { CERT_STATUS_MESSAGE } from '@portal/shared';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import styles from './security-control-help-page.module.css';

const { Title, Paragraph } = Typography;

/**
 * `/help/securityControl`: what the login page's help links promise. The bank's native control
 * (and its download, spec §2) is IE11/Edge only; this product's control is built into the page,
 * and its certificates are enrolled in the browser with an activation code and a PIN.
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
          证书版用户：下载与使用证书
        </Title>
        <Paragraph>
          证书版的数字证书由本网银在浏览器中为您生成，无需领取或导入任何文件：证书私钥在本机生成，以您设置的证书PIN码加密后保存在本浏览器中，不会离开本机。
        </Paragraph>
        <ol className={styles.list}>
          <li>向开户网点柜台或客户经理申请激活码。激活码15分钟内有效，仅可使用一次。</li>
          <li>打开证书版登录页，点击“使用激活码下载证书”，输入激活码，设置6到32位的证书PIN码并再次输入确认，再输入登录密码和图形验证码，点击“下载证书”。</li>
          <li>此后登录时，用户名由证书自动带出，输入证书PIN码、登录密码和图形验证码即可登录；登录后的各项签名操作均由该证书签名。</li>
        </ol>
        <Paragraph>
          证书PIN码只保存在您的记忆中，银行无法查询或重置。忘记PIN码、更换电脑或浏览器、清除浏览器数据，或证书已被吊销时，请重新申请激活码并再次下载证书，原证书随之作废。
        </Paragraph>
        <Paragraph>
          如登录页提示“{CERT_STATUS_MESSAGE}”，说明本浏览器中没有可用的证书，或证书已过期、被冻结或吊销，请联系开户网点重新申请激活码，或致电客服热线 95577。
        </Paragraph>

        <Link to={paths.login}>返回登录</Link>
      </Card>
    </main>
  );
}
