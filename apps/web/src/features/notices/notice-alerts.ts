/** What the console's top bar keeps of risk notices: the urgent dialog (the unread count is 消息中心's bell). */
export { UrgentNoticeDialog } from './urgent-notice-dialog';
