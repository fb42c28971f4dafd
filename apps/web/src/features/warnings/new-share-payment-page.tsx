import { WarningListPage } from './warning-list-page';
import { NEW_SHARE_PAYMENT_VIEW } from './warning-kinds';

/** 预警信息 › 新股缴款提醒 (`/warningInfo/NewSharePaymentReminder/index`). */
export function NewSharePaymentPage() {
  return <WarningListPage view={NEW_SHARE_PAYMENT_VIEW} />;
}
