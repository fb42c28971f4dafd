import { Card } from 'antd';
import { DecisionList } from '../common/decision-list';
import { BatchMoney } from './batch-money';

/** 指令管理 › 指令复核 (`/instructionManagement/instructionReview/index`). */
export function InstructionReviewPage() {
  return (
    <Card title="指令复核">
      <DecisionList step="review" verb="复核" ariaLabel="待复核指令列表" selectionSummary={(rows) => <BatchMoney rows={rows} />} />
    </Card>
  );
}
