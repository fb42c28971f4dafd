import { PlusOutlined } from '@ant-design/icons';
import type { CertificateRecord } from '@portal/shared';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { DataTable, type FetchPage } from '../../components/data-table';
import { ActivationCodeDialog } from './activation-code-dialog';
import { certificatesKey, listCertificates } from './api';
import { CERTIFICATE_COLUMNS, CERTIFICATE_QUERY_FIELDS } from './certificate-columns';
import { RevokeCertificateDialog } from './revoke-certificate-dialog';
import { useCertificateActions } from './use-certificate-actions';

const fetchCertificates: FetchPage<CertificateRecord> = (params) => listCertificates(params as Parameters<typeof listCertificates>[0]);

/** Bank staff (证书管理, issue 14): activation codes for enrolment, and each certificate's freeze, unfreeze, revoke and renewal. */
export function CertificateManagementPage() {
  const [codeOpen, setCodeOpen] = useState(false);
  const [revoking, setRevoking] = useState<CertificateRecord>();
  const rowActions = useCertificateActions(setRevoking);

  return (
    <Card title="证书管理">
      <DataTable<CertificateRecord>
        ariaLabel="证书列表"
        queryKey={certificatesKey}
        fetchPage={fetchCertificates}
        columns={CERTIFICATE_COLUMNS}
        rowKey="serial"
        queryFields={CERTIFICATE_QUERY_FIELDS}
        rowActions={rowActions}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCodeOpen(true)}>
            生成激活码
          </Button>
        }
      />
      <ActivationCodeDialog open={codeOpen} onClose={() => setCodeOpen(false)} />
      <RevokeCertificateDialog certificate={revoking} onClose={() => setRevoking(undefined)} />
    </Card>
  );
}
