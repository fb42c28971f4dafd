import { PaperClipOutlined } from '@ant-design/icons';
import { instructionsApi, uploadProblem } from '@portal/shared';
import { Button, Upload, type UploadFile } from 'antd';
import { useMessage } from '../../../lib/countdown-message';

/** A file of the entry form: chosen here and not yet stored (`file`), or stored on the instruction (`attachmentId`). */
export interface ChosenAttachment {
  uid: string;
  name: string;
  size: number;
  file?: File;
  attachmentId?: number;
  /** The server refused it at the last save. */
  failed?: boolean;
}

interface AttachmentChooserProps {
  items: readonly ChosenAttachment[];
  onChange: (items: ChosenAttachment[]) => void;
  disabled?: boolean;
}

const { ATTACHMENT_FILES, ATTACHMENT_MAX, ATTACHMENT_MAX_MESSAGE } = instructionsApi;

/**
 * The entry form's attachments: up to 5 pdf/jpg/png of ≤ 5 MB, judged here by name and size with
 * the contract's messages (the server judges the content), stored when the form is saved.
 */
export function AttachmentChooser({ items, onChange, disabled }: AttachmentChooserProps) {
  const message = useMessage();
  const full = items.length >= ATTACHMENT_MAX;

  const add = (batch: readonly File[]) => {
    const next = [...items];
    for (const file of batch) {
      const problem = uploadProblem(ATTACHMENT_FILES, file);
      if (problem) {
        message.error(`${file.name}：${problem}`);
      } else if (next.length >= ATTACHMENT_MAX) {
        message.error(ATTACHMENT_MAX_MESSAGE);
        break;
      } else {
        next.push({ uid: crypto.randomUUID(), name: file.name, size: file.size, file });
      }
    }
    onChange(next);
  };

  const fileList: UploadFile[] = items.map((item) => ({ uid: item.uid, name: item.name, size: item.size, status: item.failed ? 'error' : 'done' }));
  return (
    <Upload
      accept=".pdf,.jpg,.jpeg,.png"
      multiple
      disabled={disabled}
      // Full: no more files, but those chosen can still be removed.
      openFileDialogOnClick={!full}
      fileList={fileList}
      // Called once per file of one choice: the whole choice is taken at its first file.
      beforeUpload={(file, batch) => {
        if (file === batch[0]) add(batch);
        return Upload.LIST_IGNORE;
      }}
      onRemove={(file) => onChange(items.filter((item) => item.uid !== file.uid))}
    >
      <Button icon={<PaperClipOutlined />} disabled={disabled || full}>
        {full ? `已选满${ATTACHMENT_MAX}个附件` : '选择附件'}
      </Button>
    </Upload>
  );
}
