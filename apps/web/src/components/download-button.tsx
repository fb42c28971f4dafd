import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useMessage } from '../lib/countdown-message';

interface DownloadButtonProps {
  /** Fetches and saves the file; resolves to its name. Refusals are shown by the HTTP client. */
  download: () => Promise<string>;
  /** What is being prepared, for the progress message, e.g. '账户列表'. */
  subject: string;
  children: ReactNode;
}

/** A download with its progress: the button spins and a message stays up until the file is saved. */
export function DownloadButton({ download, subject, children }: DownloadButtonProps) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const key = `download-${subject}`;
    setBusy(true);
    message.loading({ key, content: `正在生成${subject}，请稍候…` });
    try {
      const fileName = await download();
      message.success({ key, content: `已下载：${fileName}` });
    } catch {
      // The HTTP client has shown '文件下载失败！' or the server's message.
      message.destroy(key);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {children}
    </Button>
  );
}
