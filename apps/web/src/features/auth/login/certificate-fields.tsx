import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { PIN_MESSAGES } from '../../../lib/cert-key';
import type { CredentialValues } from './credential-fields';
import { FormItem, PinField, TextField } from './fields';
import type { FieldRule, Fields } from './use-fields';

export interface CertLoginValues extends CredentialValues {
  activationCode?: string;
  pin?: string;
  pinConfirm?: string;
}

const pinLength = (pin: string) => (pin.length < 6 || pin.length > 32 ? PIN_MESSAGES.length : null);

/** The certificate's own fields' rules; enrolment adds the activation code and the PIN's confirmation. */
export function certificateRules(enrolling: boolean): { [K in keyof CertLoginValues]?: FieldRule<CertLoginValues> } {
  const pin: FieldRule<CertLoginValues> = (value) => (value ? pinLength(value as string) : '请输入证书PIN码');
  if (!enrolling) return { pin };
  return {
    activationCode: (value) => ((value as string | undefined)?.trim() ? null : '请输入激活码'),
    pin,
    pinConfirm: (value, values) => {
      if (!value) return '请再次输入PIN码';
      return value === values.pin ? null : PIN_MESSAGES.mismatch;
    },
  };
}

interface CertificateFieldsProps {
  fields: Fields<CertLoginValues>;
  /** Enrolment: the activation code and a new PIN (twice); else the certificate's username and its PIN. */
  enrolling: boolean;
  username: string | null;
}

/** The certificate's own fields, above the password and captcha both editions share. */
export function CertificateFields({ fields, enrolling, username }: CertificateFieldsProps) {
  const { values, errors } = fields;
  return (
    <>
      {enrolling ? (
        <FormItem label="激活码" htmlFor="activationCode" error={errors.activationCode} extra="激活码由银行柜台或客户经理提供，15分钟内有效，仅可使用一次">
          <TextField
            id="activationCode"
            icon={KeyOutlined}
            placeholder="XXXX-XXXX-XXXX"
            maxLength={20}
            autoComplete="off"
            value={values.activationCode ?? ''}
            invalid={Boolean(errors.activationCode)}
            onValue={(value) => fields.set('activationCode', value)}
          />
        </FormItem>
      ) : (
        <FormItem label="用户名" htmlFor="certUsername">
          <TextField id="certUsername" icon={UserOutlined} value={username ?? ''} placeholder="由证书自动带出" disabled readOnly />
        </FormItem>
      )}
      <FormItem label={enrolling ? '设置证书PIN码' : '证书PIN码'} htmlFor="pin" error={errors.pin}>
        <PinField
          id="pin"
          icon={SafetyCertificateOutlined}
          placeholder={enrolling ? '6到32位，用于在本机保护证书私钥' : '请输入证书PIN码'}
          maxLength={32}
          autoComplete="off"
          value={values.pin ?? ''}
          invalid={Boolean(errors.pin)}
          onValue={(value) => fields.set('pin', value)}
        />
      </FormItem>
      {enrolling && (
        <FormItem label="确认PIN码" htmlFor="pinConfirm" error={errors.pinConfirm}>
          <PinField
            id="pinConfirm"
            icon={SafetyCertificateOutlined}
            placeholder="请再次输入PIN码"
            maxLength={32}
            autoComplete="off"
            value={values.pinConfirm ?? ''}
            invalid={Boolean(errors.pinConfirm)}
            onValue={(value) => fields.set('pinConfirm', value)}
          />
        </FormItem>
      )}
    </>
  );
}
