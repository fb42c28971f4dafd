import { Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ApiDefinition, FlagField } from '@portal/shared';
import type { CallCount } from '../api/gateway-count';
import { FlagTag } from './flag-tag';
import { sourceText } from './flags';

/** The four gateway settings shown together; each tag says which setting it is. */
const GATEWAY_FLAGS: readonly FlagField[] = ['isAuth', 'isOpen', 'isEncrypt', 'isAra'];

const SourceTag = ({ row }: { row: ApiDefinition }) =>
  row.contractId ? (
    <Tooltip title={`本服务的接口（${row.contractId}）：路径与服务标识随接口契约，不可删除`}>
      <Tag color="geekblue">{sourceText(row)}</Tag>
    </Tooltip>
  ) : (
    <Tag color="orange">{sourceText(row)}</Tag>
  );

/** Today's calls, the errors among them in red; the last 7 days on hover. Routes served elsewhere have none. */
const CallFigures = ({ count }: { count: CallCount | undefined }) =>
  count ? (
    <Tooltip title={`近7日：调用 ${count.last7Days.calls} 次，失败 ${count.last7Days.errors} 次`}>
      <span>
        {count.today.calls}
        {count.today.errors > 0 && <Typography.Text type="danger">（失败 {count.today.errors}）</Typography.Text>}
      </span>
    </Tooltip>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/** Long text cut to `width` pixels, whole on hover (the table sizes its columns to their content). */
const Clipped = ({ text, width }: { text: string; width: number }) => (
  <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
    {text}
  </Typography.Text>
);

/**
 * Spec §3 "API definition" as table columns. The flags are tags; the gateway's four sit in one
 * column so a clerk sees them with the status and priority without scrolling sideways.
 */
export const apiColumns = (counts: ReadonlyMap<number, CallCount> | undefined): TableColumnsType<ApiDefinition> => [
  {
    title: '接口编码',
    dataIndex: 'apiCode',
    fixed: 'left',
    render: (code: string, row) => (
      <Space size={4}>
        {code}
        <SourceTag row={row} />
      </Space>
    ),
  },
  { title: '接口名称', dataIndex: 'apiName', render: (name: string) => <Clipped text={name} width={180} /> },
  { title: '接口分类', dataIndex: 'apiCategory', render: (value: string) => (value ? <Clipped text={value} width={96} /> : '暂无') },
  { title: '服务标识', dataIndex: 'serviceId' },
  { title: '状态', key: 'status', render: (_, row) => <FlagTag row={row} field="status" /> },
  { title: '优先级', dataIndex: 'priority', align: 'right' },
  {
    title: '网关设置',
    key: 'flags',
    render: (_, row) => (
      <Space size={0}>
        {GATEWAY_FLAGS.map((field) => (
          <FlagTag key={field} row={row} field={field} />
        ))}
      </Space>
    ),
  },
  {
    title: '今日调用',
    key: 'calls',
    align: 'right',
    render: (_, row) => <CallFigures count={counts?.get(row.apiId)} />,
  },
  {
    title: '接口路径',
    dataIndex: 'path',
    render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
  },
];
