import { UploadOutlined } from '@ant-design/icons';
import { instructionsApi, uploadProblem, type InstructionAttachment } from '@portal/shared';
import { Button, Empty, List, Popconfirm, Upload } from 'antd';
import { toUploadFile } from '../../../lib/upload';
import { downloadAttachment, useRemoveAttachment, useUploadAttachment } from '../api/instructions';
import { useMessage } from '../../../lib/countdown-message';

interface AttachmentListProps {
  instructionId: number;
  attachments: InstructionAttachment[];
  staff: boolean;
  /** The maker holds the instruction (draft or refused): files may be added and removed. */
  editable: boolean;
}

/** An instruction's attachments: download for anyone who sees it; up to 5 pdf/jpg/png of ≤ 5 MB added by its maker. */
export function AttachmentList({ instructionId, attachments, staff, editable }: AttachmentListProps) {
  const message = useMessage();
  const uploading = useUploadAttachment();
  const removing = useRemoveAttachment();
  const full = attachments.length >= instructionsApi.ATTACHMENT_MAX;

  const upload = async (file: File) => {
    const problem = uploadProblem(instructionsApi.ATTACHMENT_FILES, file);
    if (problem) {
      message.error(`${file.name}：${problem}`);
      return;
    }
    try {
      await uploading.mutateAsync({ instructionId, ...toUploadFile(file.name, new Uint8Array(await file.arrayBuffer())) });
      message.success(`已上传：${file.name}`);
    } catch {
      // The HTTP client has shown the refusal (type checked by content, size, count).
    }
  };

  return (
    <>
      {editable && (
        <Upload
          accept=".pdf,.jpg,.jpeg,.png"
          showUploadList={false}
          disabled={full || uploading.isPending}
          beforeUpload={(file) => {
            void upload(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading.isPending} disabled={full}>
            {full ? `最多${instructionsApi.ATTACHMENT_MAX}个附件` : '上传附件（pdf/jpg/png，≤5MB）'}
          </Button>
        </Upload>
      )}
      {attachments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" />
      ) : (
        <List
          size="small"
          dataSource={attachments}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button key="dl" type="link" size="small" onClick={() => void downloadAttachment(a.id, staff).catch(() => undefined)}>
                  下载
                </Button>,
                ...(editable
                  ? [
                      <Popconfirm key="rm" title={`确定删除附件“${a.fileName}”吗？`} onConfirm={() => removing.mutateAsync(a.id).catch(() => undefined)}>
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              {a.fileName}（{Math.ceil(a.size / 1024)} KB）
            </List.Item>
          )}
        />
      )}
    </>
  );
}
