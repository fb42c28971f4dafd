import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useNavigate } from 'react-router';
import { unreadMessagesQuery, useMessageEvents } from './api/messages';
import styles from './messages.module.css';

export const MESSAGE_CENTER_PATH = '/system/messageCenter/index';

/** The top bar's bell: the seat's unread notifications of every kind, live; opens 消息中心. */
export function MessageBell() {
  const navigate = useNavigate();
  useMessageEvents();
  const unread = useQuery(unreadMessagesQuery).data ?? 0;
  return (
    <button type="button" className={styles.bell} aria-label={`消息中心，未读${unread}条`} title="消息中心" onClick={() => void navigate(MESSAGE_CENTER_PATH)}>
      <Badge count={unread} size="small" overflowCount={99}>
        <BellOutlined style={{ fontSize: 18 }} />
      </Badge>
    </button>
  );
}
