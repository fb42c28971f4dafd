import { useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import { use } from 'react';
import { useSearchParams } from 'react-router';
import { DownloadButton } from '../../components/download-button';
import { AccessContext } from '../../lib/permissions';
import { currentUserQuery } from '../../lib/session';
import { AccountList } from './account-list';
import { downloadThirdPartyAccounts } from './api/download-accounts';
import { enterpriseQuery } from './api/own-enterprise';
import { BatchHistory } from './batch-history';
import { MyAccounts } from './my-accounts';
import { OperatorsPanel } from './operator-rights/operators-panel';

/** The page's views; `?tab=` picks one, so home's cards and links lead straight to it. */
const TABS = ['added', 'notAdded', 'mine', 'operators', 'batches'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** 系统管理 › 账户管理 (spec §2 `/system/accountManagement/index`). */
export function AccountManagementPage() {
  const [params, setParams] = useSearchParams();
  const mayAuthorise = use(AccessContext).includes('ACCOUNT_AUTH');
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) && (asked !== 'operators' || mayAuthorise) ? asked : 'added';
  const me = useQuery(currentUserQuery).data;
  // Only a third-party institution confirms other enterprises' accounts, so only it has them to download.
  const own = useQuery({ ...enterpriseQuery(me?.enterpriseNo ?? ''), enabled: Boolean(me?.enterpriseNo) });
  const isInstitution = own.data?.enterpriseType === 'third_party';

  return (
    <Card
      title="账户管理"
      extra={
        isInstitution && (
          <DownloadButton subject="第三方监督账户" download={downloadThirdPartyAccounts}>
            第三方账户下载
          </DownloadButton>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'added', label: '已添加账户', children: <AccountList added="added" /> },
          { key: 'notAdded', label: '未添加账户', children: <AccountList added="notAdded" /> },
          { key: 'mine', label: '我的账户', children: <MyAccounts /> },
          ...(mayAuthorise ? [{ key: 'operators', label: '操作员授权', children: <OperatorsPanel /> }] : []),
          { key: 'batches', label: '批量添加记录', children: <BatchHistory /> },
        ]}
      />
    </Card>
  );
}
