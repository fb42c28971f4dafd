import { Card, Empty, Tabs } from 'antd';
import { use } from 'react';
import { AccessContext } from '../../../lib/permissions';
import { DecisionList } from '../common/decision-list';

/**
 * 第三方指令管理 › 指令确认 (`/thirdPartyInstructionManagement/instructionConfirmation/index`):
 * the institution's confirm and confirm-review views, each shown to the seats holding its authority.
 */
export function InstructionConfirmationPage() {
  const access = use(AccessContext);
  const items = [
    ...(access.includes('INSTRUCTION_CONFIRM') ? [{ key: 'confirm', label: '待确认指令', children: <DecisionList step="confirm" verb="确认" ariaLabel="待确认指令列表" /> }] : []),
    ...(access.includes('INSTRUCTION_CONFIRM_REVIEW')
      ? [{ key: 'confirmReview', label: '待确认复核指令', children: <DecisionList step="confirmReview" verb="确认复核" ariaLabel="待确认复核指令列表" /> }]
      : []),
  ];
  if (items.length === 0) return <Card title="指令确认"><Empty description="当前用户没有指令确认权限" /></Card>;
  // A seat holding one of the two steps gets its list under the card's title, not a lone tab.
  if (items.length === 1) return <Card title={`指令确认 · ${items[0]!.label}`}>{items[0]!.children}</Card>;
  return (
    <Card title="指令确认">
      <Tabs items={items} />
    </Card>
  );
}
