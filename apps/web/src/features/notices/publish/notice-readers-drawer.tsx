import { formatDateTime, type NoticeReader, type StaffNotice } from '@portal/shared';
import { Drawer, Progress, Tag, type TableColumnsType } from 'antd';
import { DataTable } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { fetchReadersPage, noticesKey } from '../api/notices';
import styles from '../notices.module.css';

const COLUMNS: TableColumnsType<NoticeReader> = [
  { title: '企业', dataIndex: 'enterpriseName', render: (name: string, r) => `${name}（${r.enterpriseNo}）` },
  { title: '用户号', dataIndex: 'userNo', width: 130 },
  { title: '姓名', dataIndex: 'nickName', width: 110 },
  { title: '阅读时间', dataIndex: 'readAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : <Tag color="red">未读</Tag>) },
];

const FIELDS: FormField[] = [{ name: 'read', type: 'select', label: '阅读状态', options: [{ key: 'read', value: '已读' }, { key: 'unread', value: '未读' }] }];

/** Who in the notice's audience has read it and who has not. */
export function NoticeReadersDrawer({ notice, onClose }: { notice: StaffNotice | null; onClose: () => void }) {
  return (
    <Drawer open={notice !== null} title={`阅读情况：${notice?.title ?? ''}`} size={760} onClose={onClose} destroyOnHidden>
      {notice && (
        <>
          <div className={styles.meta}>
            已读 {notice.readCount} / 应读 {notice.audienceCount}
            <Progress percent={notice.audienceCount ? Math.round((notice.readCount / notice.audienceCount) * 100) : 0} size="small" />
          </div>
          <DataTable<NoticeReader>
            ariaLabel="阅读情况"
            queryKey={[...noticesKey, 'readers', notice.id]}
            fetchPage={fetchReadersPage(notice.id)}
            columns={COLUMNS}
            rowKey="userNo"
            showIndex
            queryFields={FIELDS}
          />
        </>
      )}
    </Drawer>
  );
}
