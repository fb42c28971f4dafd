import { DownloadOutlined } from '@ant-design/icons';
import { codeLabel, formatAmount } from '@portal/shared';
import { Button, Space, Typography } from 'antd';
import { downloadBlob, DownloadError, type DownloadSource } from '../../lib/download';
import { custodyAccounts } from './demo-data';
import styles from './component-gallery.module.css';
import { useMessage } from '../../lib/countdown-message';

const FILE_NAME = '托管账户清单.xls';
const DISPOSITION = `attachment; filename="account-list.xls"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`;

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** The account list as an Excel 2003 XML workbook, which Excel and WPS open as .xls. */
function accountWorkbook(): Blob {
  const header = ['账号', '账户名称', '所属企业', '币种', '账户余额', '开户日期'];
  const rows = custodyAccounts(20).map((a) => [
    a.accountNo,
    a.accountName,
    a.enterpriseName,
    codeLabel('currencyName', a.currency),
    formatAmount(a.balance),
    a.openDate,
  ]);
  const row = (cells: string[]) => `<Row>${cells.map((c) => `<Cell><Data ss:Type="String">${escapeXml(c)}</Data></Cell>`).join('')}</Row>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?><?mso-application progid="Excel.Sheet"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="托管账户清单"><Table>${[header, ...rows].map(row).join('')}</Table></Worksheet></Workbook>`;
  return new Blob([xml], { type: 'application/vnd.ms-excel' });
}

/** What the HTTP client would hand over for each case, built locally (the gallery has no download call). */
const SOURCES: Record<'file' | 'envelope' | 'failure', () => DownloadSource> = {
  file: () => new Response(accountWorkbook(), { headers: { 'Content-Disposition': DISPOSITION } }),
  envelope: () =>
    new Response(JSON.stringify({ returnCode: '050001', returnMsg: '系统繁忙', data: null }), {
      headers: { 'Content-Type': 'application/json;charset=UTF-8' },
    }),
  failure: () => new Response('Bad Gateway', { status: 502 }),
};

export function DownloadDemo() {
  const message = useMessage();
  const download = async (source: DownloadSource) => {
    try {
      const name = await downloadBlob(source);
      message.success(`已下载：${name}`);
    } catch (error) {
      message.error(error instanceof DownloadError ? error.message : '下载异常，请联系管理员！');
    }
  };
  return (
    <>
      <Space wrap>
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => void download(SOURCES.file())}>
          下载托管账户清单
        </Button>
        <Button onClick={() => void download(SOURCES.envelope())}>服务端返回错误报文</Button>
        <Button onClick={() => void download(SOURCES.failure())}>下载请求失败</Button>
      </Space>
      <Typography.Paragraph type="secondary" className={styles.note}>
        文件名取自响应头 <Typography.Text code>{DISPOSITION}</Typography.Text>
        ，仅允许 pdf、xls、xlsx、doc、docx、ppt、pptx、zip、tar 类型。
      </Typography.Paragraph>
    </>
  );
}
