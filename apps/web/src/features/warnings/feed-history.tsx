import { WARNING_KIND_NAMES, WARNING_KINDS, type WarningFeed } from '@portal/shared';
import { Tooltip, Typography } from 'antd';
import { DataTable } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import { fetchFeedPage, warningsKey } from './api/warnings';
import { dateTimeOf } from './warning-format';

const FIELDS: FormField[] = [{ name: 'kind', type: 'select', label: '预警类型', options: WARNING_KINDS.map((k) => ({ key: k, value: WARNING_KIND_NAMES[k] })) }];

/** 导入记录: every imported feed, newest first, with the digest of the file as it came. */
export function FeedHistory() {
  return (
    <DataTable<WarningFeed>
      ariaLabel="导入记录"
      queryKey={[...warningsKey, 'feeds']}
      fetchPage={fetchFeedPage}
      rowKey="feedId"
      showIndex
      queryFields={FIELDS}
      columns={[
        { key: 'feedId', title: '批次号', dataIndex: 'feedId' },
        { key: 'kind', title: '预警类型', render: (_, f) => WARNING_KIND_NAMES[f.kind] },
        { key: 'fileName', title: '文件名', dataIndex: 'fileName' },
        { key: 'rowCount', title: '条数', dataIndex: 'rowCount', align: 'right' },
        { key: 'enterpriseCount', title: '企业数', dataIndex: 'enterpriseCount', align: 'right' },
        { key: 'importedBy', title: '导入人', render: (_, f) => `${f.importedByName}（${f.importedByUserNo}）` },
        { key: 'importedAt', title: '导入时间', render: (_, f) => dateTimeOf(f.importedAt) },
        {
          key: 'digest',
          title: '文件摘要（SM3）',
          render: (_, f) => (
            <Tooltip title={f.fileDigest}>
              <Typography.Text code>{f.fileDigest.slice(0, 12)}…</Typography.Text>
            </Tooltip>
          ),
        },
      ]}
    />
  );
}
