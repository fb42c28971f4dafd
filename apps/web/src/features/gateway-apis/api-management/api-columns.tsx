import { Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ApiDefinition, FlagField } from '@portal/shared';
import { FlagTag } from './flag-tag';
import { FLAG_LABELS, sourceText } from './flags';

const flagColumn = (field: FlagField): TableColumnsType<ApiDefinition>[number] => ({
  title: FLAG_LABELS[field].title,
  key: field,
  render: (_, row) => <FlagTag row={row} field={field} />,
});

/** Spec §3 "API definition" as table columns, in its order; the flags as tags. */
export const API_COLUMNS: TableColumnsType<ApiDefinition> = [
  { title: '接口编码', dataIndex: 'apiCode', fixed: 'left' },
  { title: '接口名称', dataIndex: 'apiName' },
  { title: '接口分类', dataIndex: 'apiCategory', render: (value: string) => value || '暂无' },
  { title: '服务标识', dataIndex: 'serviceId' },
  { title: '接口路径', dataIndex: 'path', render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
  {
    title: '来源',
    key: 'source',
    render: (_, row) =>
      row.contractId ? (
        <Tooltip title={`契约 ${row.contractId}：路径与服务标识随契约，不可删除`}>
          <Tag color="geekblue">{sourceText(row)}</Tag>
        </Tooltip>
      ) : (
        <Tag color="orange">{sourceText(row)}</Tag>
      ),
  },
  flagColumn('status'),
  { title: '优先级', dataIndex: 'priority', align: 'right' },
  flagColumn('isAuth'),
  flagColumn('isOpen'),
  flagColumn('isEncrypt'),
  flagColumn('isAra'),
];
