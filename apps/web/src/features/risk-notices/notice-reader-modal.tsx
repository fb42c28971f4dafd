import { formatDateTime } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Modal, Skeleton } from 'antd';
import { useEffect } from 'react';
import { customerDetailQuery, useRefreshNotices } from './api/notices';
import { LevelTag, NoticeBody } from './notice-parts';
import styles from './risk-notices.module.css';

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
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <div className={styles.meta}>
            <LevelTag level={d.level} /> 发布时间 {formatDateTime(d.publishedAt)} · 有效期至 {formatDateTime(d.expireAt)}
          </div>
          <NoticeBody html={d.body} />
        </>
      )}
    </Modal>
  );
}
