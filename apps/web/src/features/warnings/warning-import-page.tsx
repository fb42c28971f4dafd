import { Card, Tabs } from 'antd';
import { CustodianWarnings } from './custodian-warnings';
import { FeedHistory } from './feed-history';
import { FeedImportPanel } from './feed-import-panel';

/** 托管行指令管理 › 预警数据导入 (`/custodianInstruction/warningImport/index`): the custody system's daily feeds, for bank staff. */
export function WarningImportPage() {
  return (
    <Card title="预警数据导入">
      <Tabs
        items={[
          { key: 'import', label: '数据导入', children: <FeedImportPanel /> },
          { key: 'history', label: '导入记录', children: <FeedHistory /> },
          { key: 'query', label: '预警查询', children: <CustodianWarnings /> },
        ]}
      />
    </Card>
  );
}
