import { describe, expect, it } from 'vitest';
import { uploadProblem, uploadSchema } from './files';
import { ATTACHMENT_FILES } from './instructions';

const PNG = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a));

describe('uploadProblem', () => {
  it('refuses by extension and size with the messages of the upload schema', () => {
    expect(uploadProblem(ATTACHMENT_FILES, { name: '合同.PDF', size: 1 })).toBeNull();
    expect(uploadProblem(ATTACHMENT_FILES, { name: '扫描件.jpeg', size: ATTACHMENT_FILES.maxBytes })).toBeNull();
    expect(uploadProblem(ATTACHMENT_FILES, { name: '付款.docx', size: 1 })).toBe('仅支持上传pdf、jpg、jpeg、png格式的文件');
    expect(uploadProblem(ATTACHMENT_FILES, { name: '付款.png', size: ATTACHMENT_FILES.maxBytes + 1 })).toBe('文件不能超过5MB');
    const schema = uploadSchema(ATTACHMENT_FILES);
    expect(schema.safeParse({ fileName: '付款.docx', content: PNG }).error?.issues[0]?.message).toBe('仅支持上传pdf、jpg、jpeg、png格式的文件');
    expect(schema.safeParse({ fileName: '付款.png', content: PNG }).success).toBe(true);
  });

  it('refuses format characters in a file name: U+202E would show 付款gpj.exe as 付款exe.jpg', () => {
    const schema = uploadSchema(ATTACHMENT_FILES);
    for (const name of ['付款\u202Egnp.exe.png', '付款\u200B.png', '付\uFEFF款.png']) {
      expect(schema.safeParse({ fileName: name, content: PNG }).error?.issues[0]?.message, JSON.stringify(name)).toBe('文件名不能包含特殊字符');
    }
  });
});
