import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { customerDetailQuery, useRefreshNotices } from '../api/notices';
import { NoticeContent } from '../notice-parts';

/** One notice opened from the list: reading it records the seat's receipt, then the counts refresh. */
export function NoticeReaderModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ ...customerDetailQuery(id ?? 0), enabled: id !== null });
  const refresh = useRefreshNotices();
  const loaded = detail.data?.id;
  useEffect(() => {
    if (loaded !== undefined) void refresh();
    // Once per opened notice: the receipt is written by the read itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  const d = detail.data;
  return (
    <Modal open={id !== null} title={d?.title ?? '风险提示'} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <NoticeContent notice={d} />
    </Modal>
  );
}
