import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useNavigate } from 'react-router';
import { unreadQuery, useNoticeEvents } from './api/notices';
import styles from './notices.module.css';

export const RISK_NOTICE_PATH = '/addedServices/riskManagement/index';

/** The top bar's risk-notice button (a megaphone, beside 消息中心's bell): the seat's unread notices, leading to 风险提示; it follows the live events for all notice screens. */
export function NoticeBell() {
  const navigate = useNavigate();
  useNoticeEvents();
  const unread = useQuery(unreadQuery).data ?? 0;
  return (
    <button type="button" className={styles.bell} aria-label={`风险提示，未读${unread}条`} title="风险提示" onClick={() => void navigate(RISK_NOTICE_PATH)}>
      <Badge count={unread} size="small" overflowCount={99}>
        <NotificationOutlined style={{ fontSize: 18 }} />
      </Badge>
    </button>
  );
}
