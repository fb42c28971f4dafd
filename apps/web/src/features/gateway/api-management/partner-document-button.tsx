import { FileTextOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { fetchPartnerDocument } from '../api/partner-document';

/** 合作方接口文档: the OpenAPI document of the enabled, partner-open definitions, to hand to partners. */
export function PartnerDocumentButton() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const document = await fetchPartnerDocument();
      saveBlob(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }), `合作方接口文档_${dayjs().format('YYYYMMDD')}.json`);
    } catch {
      // The HTTP client has shown why the call was refused.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title="已启用且对合作方开放的接口（OpenAPI 3）">
      <Button icon={<FileTextOutlined />} loading={busy} onClick={() => void download()}>
        合作方接口文档
      </Button>
    </Tooltip>
  );
}
