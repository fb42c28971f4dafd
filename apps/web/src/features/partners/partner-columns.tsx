import { formatDateTime, type PartnerClient } from '@portal/shared';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';

interface PartnerRowActions {
  onEdit: (row: PartnerClient) => void;
  onRotate: (row: PartnerClient) => void;
  onRevoke: (row: PartnerClient) => void;
}

/** The partner list's columns; a partner in service can be changed, given a new secret or stopped. */
export const partnerColumns = ({ onEdit, onRotate, onRevoke }: PartnerRowActions): TableColumnsType<PartnerClient> => [
  { title: '合作方名称', dataIndex: 'clientName' },
  { title: 'client_id', dataIndex: 'clientId', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
  {
    title: '所属企业 / 代理用户号',
    dataIndex: 'enterpriseName',
    render: (name: string, row: PartnerClient) => (
      <>
        {name}
        <br />
        {row.userNo ? <Typography.Text type="secondary">{row.userNo}</Typography.Text> : <Typography.Text type="warning">未指定代理用户号</Typography.Text>}
      </>
    ),
  },
  { title: '可调用接口', dataIndex: 'apiCodes', render: (codes: string[]) => (codes.length ? codes.map((c) => <Tag key={c}>{c}</Tag>) : '暂无') },
  { title: '状态', dataIndex: 'status', render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>已停用</Tag>) },
  { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
  {
    title: '操作',
    key: 'action',
    render: (_, row) =>
      row.status === 1 && (
        <Space size={0}>
          <Button type="link" onClick={() => onEdit(row)}>
            修改
          </Button>
          <Button type="link" onClick={() => onRotate(row)}>
            重置密钥
          </Button>
          <Button type="link" danger onClick={() => onRevoke(row)}>
            停用
          </Button>
        </Space>
      ),
  },
];
