/** What the console's top bar shows of risk notices: the unread bell and the urgent dialog. */
export { NoticeBell } from './notice-bell';
export { UrgentNoticeDialog } from './urgent-notice-dialog';
