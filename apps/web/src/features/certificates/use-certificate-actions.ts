import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificateRecord } from '@portal/shared';
import { App } from 'antd';
import type { RowAction } from '../../components/data-table';
import { useMessage } from '../../lib/countdown-message';
import { certificatesKey, freezeCertificate, renewCertificate, restorePasswordLogin, revokeCertificate, unfreezeCertificate } from './api';

type Change = 'freeze' | 'unfreeze' | 'revoke' | 'renew' | 'restore';

const DONE: Record<Change, string> = { freeze: '证书已冻结', unfreeze: '证书已解冻', revoke: '证书已吊销', renew: '证书已更新', restore: '已恢复密码登录' };

/** A change to one certificate: said when done, and the list read again. */
export function useCertificateChange() {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, row, reason }: { action: Change; row: CertificateRecord; reason?: string }) => {
      if (action === 'freeze') return freezeCertificate(row.serial);
      if (action === 'unfreeze') return unfreezeCertificate(row.serial);
      if (action === 'renew') return renewCertificate(row.serial);
      if (action === 'restore') return restorePasswordLogin(row.serial);
      return revokeCertificate(row.serial, reason ?? '');
    },
    onSuccess: async (_data, { action }) => {
      message.success(DONE[action]);
      await queryClient.invalidateQueries({ queryKey: certificatesKey });
    },
  });
}

/**
 * The list's row actions: freeze, unfreeze, renew and restoring password login after a
 * confirmation; 吊销 asks for its reason in a dialog of its own (`onRevoke`).
 */
export function useCertificateActions(onRevoke: (row: CertificateRecord) => void): RowAction<CertificateRecord>[] {
  const { modal } = App.useApp();
  const change = useCertificateChange();

  // The confirmation's button names the action (冻结, not 确定): freezing a certificate locks a person out.
  const confirm = (action: 'freeze' | 'unfreeze' | 'renew' | 'restore', row: CertificateRecord) => {
    const label = { freeze: '冻结', unfreeze: '解冻', renew: '更新', restore: '恢复' }[action];
    const who = `用户 ${row.nickName}（${row.username}）`;
    modal.confirm({
      title: action === 'restore' ? '恢复密码登录' : `${label}证书`,
      content:
        action === 'restore'
          ? `恢复后${who}可凭密码在签名版登录，不再需要证书；重新申请证书后又须以证书登录。确定恢复吗？`
          : `确定${label}${who}的证书 ${row.serial} 吗？`,
      okText: label,
      cancelText: '取消',
      onOk: () => change.mutateAsync({ action, row }),
    });
  };

  return [
    { key: 'freeze', label: '冻结', visible: (row) => row.status === 'active', onClick: (row) => confirm('freeze', row) },
    { key: 'unfreeze', label: '解冻', visible: (row) => row.status === 'frozen', onClick: (row) => confirm('unfreeze', row) },
    { key: 'renew', label: '更新', visible: (row) => row.status === 'active', onClick: (row) => confirm('renew', row) },
    { key: 'revoke', label: '吊销', danger: true, visible: (row) => row.status !== 'revoked', onClick: onRevoke },
    // A login that held a certificate is certificate-only until staff say otherwise (pen test H2).
    {
      key: 'restore',
      label: '恢复密码登录',
      visible: (row) => row.status === 'revoked' && !row.renewedBy && !row.passwordRestoredAt,
      onClick: (row) => confirm('restore', row),
    },
  ];
}
