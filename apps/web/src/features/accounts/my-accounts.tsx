import { useQuery } from '@tanstack/react-query';
import { formatAccountNo, type SeatAccountRight } from '@portal/shared';
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { UsedTag } from './account-columns';
import { RIGHT_LABELS, type RightKey } from './account-rights';
import { textOrEmpty } from './account-format';
import { myRightsQuery } from './api/my-rights';

const KEYS = Object.keys(RIGHT_LABELS) as RightKey[];

/** 我的账户: the accounts the signed-in operator may query, enter or review instructions on. */
export function MyAccounts() {
  const rights = useQuery(myRightsQuery);
  const [filter, setFilter] = useState('');
  const all = rights.data?.accounts ?? [];
  const wanted = filter.trim().toLowerCase();
  const accounts = wanted === '' ? all : all.filter((a) => [a.accountNo, a.accountName, a.alias ?? ''].some((text) => text.toLowerCase().includes(wanted)));
  return (
    <section aria-label="我的账户">
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {rights.data ? `用户号 ${rights.data.userNo} 可使用 ${all.length} 个账户；停用账户的权限在重新启用后生效。` : '正在读取账户权限…'}
        </Typography.Text>
        <Space wrap>
          <Input.Search aria-label="筛选账户" placeholder="按账号、名称或别名筛选" allowClear style={{ width: 260 }} onChange={(event) => setFilter(event.target.value)} />
          <Button onClick={() => void rights.refetch()} loading={rights.isFetching}>
            刷新
          </Button>
        </Space>
      </div>
      <Table<SeatAccountRight>
        size="middle"
        rowKey="accountNo"
        loading={rights.isPending}
        dataSource={accounts}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: '暂无授权账户，请联系企业管理员授权' }}
        columns={[
          { key: 'accountNo', title: '账号', dataIndex: 'accountNo', render: (v: string) => formatAccountNo(v) },
          { key: 'accountName', title: '账户名称', dataIndex: 'accountName' },
          { key: 'alias', title: '账户别名', dataIndex: 'alias', render: textOrEmpty },
          { key: 'used', title: '使用状态', dataIndex: 'used', render: (used: number) => <UsedTag used={used} /> },
          {
            key: 'rights',
            title: '账户权限',
            render: (_, row) => KEYS.filter((k) => row[k]).map((k) => <Tag key={k}>{RIGHT_LABELS[k]}</Tag>),
          },
        ]}
      />
    </section>
  );
}
