import { WarningListPage } from './warning-list-page';
import { CLEAR_POSITION_VIEW } from './warning-kinds';

/** 预警信息 › 清仓预警 (`/warningInfo/clearPositionWarn/index`). */
export function ClearPositionPage() {
  return <WarningListPage view={CLEAR_POSITION_VIEW} />;
}
