import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { customerDetailQuery, urgentQuery, useMarkRead, useNoticeEvents } from './api/notices';
import { NoticeContent } from './notice-parts';

/**
 * An urgent notice the seat has not acknowledged opens over everything and stays until the reader
 * says so: no close button, no Escape, no click outside. Showing it does not count as reading;
 * the acknowledgement records the receipt (and marks its 消息中心 notification read), and the
 * next urgent one (if any) follows. It also follows the live notice events for every notice screen.
 */
export function UrgentNoticeDialog() {
  useNoticeEvents();
  const first = useQuery(urgentQuery).data?.[0];
  const detail = useQuery({ ...customerDetailQuery(first?.id ?? 0, false), enabled: first !== undefined });
  const markRead = useMarkRead();
  const d = detail.data;
  return (
    <Modal
      open={first !== undefined}
      title={<span>紧急风险提示：{first?.title}</span>}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={760}
      footer={
        <Button type="primary" loading={markRead.isPending} disabled={!d} onClick={() => first && markRead.mutate({ ids: [first.id] })}>
          我已阅读并知悉
        </Button>
      }
    >
      <NoticeContent notice={d} />
    </Modal>
  );
}
