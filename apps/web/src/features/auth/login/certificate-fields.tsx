import { KeyOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { PIN_MESSAGES } from '../../../lib/cert-key';

const pinRule = { min: 6, max: 32, message: PIN_MESSAGES.length };

interface CertificateFieldsProps {
  /** Enrolment: the activation code and a new PIN (twice); else the certificate's username and its PIN. */
  enrolling: boolean;
  username: string | null;
}

/** The certificate's own fields, above the password and captcha both editions share. */
export function CertificateFields({ enrolling, username }: CertificateFieldsProps) {
  return (
    <>
      {enrolling ? (
        <Form.Item label="激活码" name="activationCode" rules={[{ required: true, whitespace: true, message: '请输入激活码' }]} extra="激活码由银行柜台或客户经理提供，15分钟内有效，仅可使用一次">
          <Input prefix={<KeyOutlined />} placeholder="XXXX-XXXX-XXXX" maxLength={20} autoComplete="off" />
        </Form.Item>
      ) : (
        <Form.Item label="用户名" htmlFor="certUsername">
          <Input id="certUsername" prefix={<UserOutlined />} value={username ?? ''} placeholder="由证书自动带出" disabled />
        </Form.Item>
      )}
      <Form.Item label={enrolling ? '设置证书PIN码' : '证书PIN码'} name="pin" rules={[{ required: true, message: '请输入证书PIN码' }, pinRule]}>
        <Input.Password prefix={<SafetyCertificateOutlined />} placeholder={enrolling ? '6到32位，用于在本机保护证书私钥' : '请输入证书PIN码'} maxLength={32} autoComplete="off" />
      </Form.Item>
      {enrolling && (
        <Form.Item
          label="确认PIN码"
          name="pinConfirm"
          dependencies={['pin']}
          rules={[
            { required: true, message: '请再次输入PIN码' },
            ({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('pin') ? Promise.resolve() : Promise.reject(new Error(PIN_MESSAGES.mismatch))) }),
          ]}
        >
          <Input.Password prefix={<SafetyCertificateOutlined />} placeholder="请再次输入PIN码" maxLength={32} autoComplete="off" />
        </Form.Item>
      )}
    </>
  );
}
