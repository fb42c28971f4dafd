import { useMessage } from '../../../lib/countdown-message';
import { downloadEvidence } from '../api/instructions';

/** A list row's 证据包: progress and result as the download button shows them. */
export function useEvidenceDownload(staff = false) {
  const message = useMessage();
  return async (id: number) => {
    const key = `evidence-${id}`;
    message.loading({ key, content: '正在生成证据包，请稍候…' });
    try {
      message.success({ key, content: `已下载：${await downloadEvidence(id, staff)}` });
    } catch {
      // The HTTP client has shown the refusal.
      message.destroy(key);
    }
  };
}
