import { codeLabel, formatDateTime, type CustomerNotice } from '@portal/shared';
import { Skeleton, Tag } from 'antd';
import { RecentTime } from '../../lib/recent-time';
import styles from './notices.module.css';

const LEVEL_COLORS: Record<string, string> = { '1': 'blue', '2': 'orange', '3': 'red' };

/** 一般 / 重要 / 紧急 as a coloured tag. */
export function LevelTag({ level }: { level: string }) {
  return <Tag color={LEVEL_COLORS[level] ?? 'default'}>{codeLabel('riskLevel', level)}</Tag>;
}

/**
 * A notice body. The server stored it cleaned (sanitize-html with a short list of tags, no
 * script, handlers, styles or external images), so it is shown as the HTML it is.
 */
export function NoticeBody({ html }: { html: string }) {
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A notice as a reader sees it: level, times and body; a skeleton while it loads. */
export function NoticeContent({ notice }: { notice: (CustomerNotice & { body: string }) | undefined }) {
  if (!notice) return <Skeleton active />;
  return (
    <>
      <div className={styles.meta}>
        <LevelTag level={notice.level} /> 发布时间 <RecentTime value={notice.publishedAt} /> · 有效期至 {formatDateTime(notice.expireAt)}
      </div>
      <NoticeBody html={notice.body} />
    </>
  );
}
