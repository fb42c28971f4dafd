/** What the console's top bar shows of 消息中心: the unread bell. */
export { MessageBell, MESSAGE_CENTER_PATH } from './message-bell';
