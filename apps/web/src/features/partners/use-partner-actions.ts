import type { PartnerClient } from '@portal/shared';
import { App } from 'antd';
import { useMessage } from '../../lib/countdown-message';
import { useRevokePartner, useRotatePartner } from './api/partners';
import { useSecretNotice } from './use-secret-notice';

/** 重置密钥 (the new secret shown once) and 停用 (for good), each once confirmed. */
export function usePartnerActions() {
  const { modal } = App.useApp();
  const message = useMessage();
  const showSecret = useSecretNotice();
  const rotate = useRotatePartner();
  const revoke = useRevokePartner();

  const confirmRotate = (row: PartnerClient) =>
    modal.confirm({
      title: '重置密钥',
      content: `重置后“${row.clientName}”的旧密钥及其已获取的令牌立即失效。确定重置吗？`,
      okText: '重置',
      cancelText: '取消',
      onOk: () => rotate.mutateAsync(row.clientId, { onSuccess: (answer) => showSecret('密钥已重置', answer.clientId, answer.clientSecret) }),
    });

  const confirmRevoke = (row: PartnerClient) =>
    modal.confirm({
      title: '停用合作方',
      content: `停用后“${row.clientName}”不能再获取令牌，已获取的令牌立即失效，且不可恢复。确定停用吗？`,
      okText: '停用',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => revoke.mutateAsync(row.clientId, { onSuccess: () => message.success('已停用') }),
    });

  return { confirmRotate, confirmRevoke };
}
