import { WarningListPage } from './warning-list-page';
import { PRE_CLEANING_VIEW } from './warning-kinds';

/** 预警信息 › 预清算提醒 (`/warningInfo/reminderOfPreCleaning/index`). */
export function PreCleaningPage() {
  return <WarningListPage view={PRE_CLEANING_VIEW} />;
}
