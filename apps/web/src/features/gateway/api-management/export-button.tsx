import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { ApiError } from '../../../lib/api-error';
import { fetchAllApis, type ApiCriteria } from '../api/api-page';
import { buildWorkbook } from './export-workbook';
import { useMessage } from '../../../lib/countdown-message';

/** 导出: every definition matching the table's criteria (not only the page shown) as xlsx. */
export function ExportButton({ criteria }: { criteria: ApiCriteria }) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);

  const exportList = async () => {
    setBusy(true);
    try {
      const rows = await fetchAllApis(criteria);
      saveBlob(await buildWorkbook(rows), `API列表_${dayjs().format('YYYYMMDD_HHmmss')}.xlsx`);
      message.success(`已导出 ${rows.length} 个接口`);
    } catch (err) {
      // The HTTP client has shown a refused call; anything else failed building the file.
      if (!(err instanceof ApiError)) message.error('导出失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void exportList()}>
      导出
    </Button>
  );
}
