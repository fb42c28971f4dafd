import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ApiDefinition, FlagField } from '@portal/shared';
import { ClippedText, WIDE_SCREENS } from '../../../components/data-table';
import type { CallCount } from '../api/gateway-count';
import { FlagTag } from './flag-tag';
import { sourceText } from './flags';
import styles from './api-columns.module.css';

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

/**
 * Spec §3 "API definition" as table columns. The flags are tags; the gateway's four sit in one
 * column, two by two, so a clerk sees them with the status without scrolling sideways. Category,
 * service, priority and calls show from 1600 px (and in the edit dialog).
 */
export const apiColumns = (counts: ReadonlyMap<number, CallCount> | undefined): TableColumnsType<ApiDefinition> => [
  {
    title: '接口编码',
    dataIndex: 'apiCode',
    fixed: 'left',
    render: (code: string, row) => (
      <Flex vertical align="start" gap={2}>
        {code}
        <SourceTag row={row} />
      </Flex>
    ),
  },
  { title: '接口名称', dataIndex: 'apiName', render: (name: string) => <ClippedText text={name} width={120} /> },
  { title: '接口分类', dataIndex: 'apiCategory', responsive: WIDE_SCREENS, render: (value: string) => (value ? <ClippedText text={value} width={96} /> : '暂无') },
  { title: '服务标识', dataIndex: 'serviceId', responsive: WIDE_SCREENS },
  { title: '状态', key: 'status', render: (_, row) => <FlagTag row={row} field="status" /> },
  { title: '优先级', dataIndex: 'priority', align: 'right', responsive: WIDE_SCREENS },
  {
    title: '网关设置',
    key: 'flags',
    render: (_, row) => (
      <div className={styles.flags}>
        {GATEWAY_FLAGS.map((field) => (
          <FlagTag key={field} row={row} field={field} />
        ))}
      </div>
    ),
  },
  {
    title: '今日调用',
    key: 'calls',
    align: 'right',
    responsive: WIDE_SCREENS,
    render: (_, row) => <CallFigures count={counts?.get(row.apiId)} />,
  },
  {
    title: '接口路径',
    dataIndex: 'path',
    render: (value: string) => <ClippedText code text={value} width={150} />,
  },
];
