import { instructionsApi } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import {
  BLOB_ERROR_MESSAGE,
  DOWNLOAD_FAILURE_MESSAGE,
  fileNameFromContentDisposition,
  isDownloadable,
  resolveDownload,
} from './download';

/** How a browser's Headers show raw UTF-8 bytes: one Latin-1 character per byte. */
const asByteString = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment;filename="a\\"b.pdf"', 'a"b.pdf'],
    ['attachment; filename="x;y.xlsx"; size=3', 'x;y.xlsx'],
    ['ATTACHMENT; FILENAME="Upper.DOCX"', 'Upper.DOCX'],
    ['inline; filename="view.pdf"', 'view.pdf'],
  ])('reads the plain parameter of %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it('decodes RFC 5987 UTF-8 names and prefers them over the plain name', () => {
    const header = `attachment; filename="fallback.xlsx"; filename*=UTF-8''${encodeURIComponent('托管账户清单.xlsx')}`;
    expect(fileNameFromContentDisposition(header)).toBe('托管账户清单.xlsx');
    // The extended parameter wins even when it comes first.
    expect(fileNameFromContentDisposition(`attachment; filename*=utf-8'zh-CN'%E6%8C%87%E4%BB%A4.pdf; filename="x.pdf"`)).toBe(
      '指令.pdf',
    );
  });

  it('decodes ISO-8859-1 extended names and tolerates a quoted extended value', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=iso-8859-1''%E9t%E9.pdf")).toBe('été.pdf');
    expect(fileNameFromContentDisposition(`attachment; filename*="UTF-8''%E9%A3%8E%E9%99%A9.zip"`)).toBe('风险.zip');
  });

  it('falls back to the plain name when the extended one cannot be decoded', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E6%8C; filename=\"plain.pdf\"")).toBe('plain.pdf');
    expect(fileNameFromContentDisposition("attachment; filename*=GBK''%D6%D0.pdf; filename=\"plain.pdf\"")).toBe('plain.pdf');
  });

  it('repairs the plain names Chinese back ends commonly send', () => {
    expect(fileNameFromContentDisposition(`attachment; filename=${encodeURIComponent('账户信息.xls')}`)).toBe('账户信息.xls');
    expect(fileNameFromContentDisposition(`attachment; filename="${asByteString('预警信息.xlsx')}"`)).toBe('预警信息.xlsx');
    expect(fileNameFromContentDisposition('attachment; filename="100%.pdf"')).toBe('100%.pdf');
  });

  it('keeps only the last path segment and drops control characters', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd.pdf"')).toBe('passwd.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\a.pdf"')).toBe('a.pdf');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''a%0Ab.pdf")).toBe('ab.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="../"')).toBeNull();
  });

  it('gives null without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('isDownloadable', () => {
  it.each(['a.pdf', 'a.xls', 'a.xlsx', 'a.doc', 'a.docx', 'a.ppt', 'a.pptx', 'a.zip', 'a.tar', '报表.PDF'])('allows %s', (name) => {
    expect(isDownloadable(name)).toBe(true);
  });
  it.each(['a.csv', 'a.exe', 'a.pdf.exe', 'pdf', 'a.', 'a.tar.gz', 'a.html', 'a.png'])('refuses %s', (name) => {
    expect(isDownloadable(name)).toBe(false);
  });
  it('takes the types a download declares instead (an instruction attachment is pdf, jpg or png)', () => {
    const types = instructionsApi.attachmentDownload.fileTypes!;
    expect(isDownloadable('回单.PNG', types)).toBe(true);
    expect(isDownloadable('照片.jpeg', types)).toBe(true);
    expect(isDownloadable('a.xlsx', types)).toBe(false);
  });
});

describe('resolveDownload', () => {
  const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
  const named = (name: string) => new Headers({ 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` });

  it('names a response body from its header', async () => {
    const response = new Response(pdf, { headers: named('托管协议.pdf') });
    const { blob, fileName } = await resolveDownload(response);
    expect(fileName).toBe('托管协议.pdf');
    expect(await blob.text()).toBe('%PDF-1.4');
  });

  it('accepts a blob already read, and a fallback name when the header has none', async () => {
    expect((await resolveDownload({ blob: pdf, headers: named('a.pdf') })).fileName).toBe('a.pdf');
    expect((await resolveDownload({ blob: pdf, headers: new Headers() }, '对账单.pdf')).fileName).toBe('对账单.pdf');
  });

  it('reports a failed request as a download failure', async () => {
    await expect(resolveDownload(new Response('gateway timeout', { status: 504 }))).rejects.toThrow(DOWNLOAD_FAILURE_MESSAGE);
    const broken = { ok: true, headers: named('a.pdf'), blob: () => Promise.reject(new TypeError('network')) };
    await expect(resolveDownload(broken)).rejects.toThrow(DOWNLOAD_FAILURE_MESSAGE);
  });

  it('reports an error envelope, an empty body, a missing name or a refused type as a blob error', async () => {
    const envelope = new Blob([JSON.stringify({ returnCode: '050001', returnMsg: '系统异常' })], {
      type: 'application/json;charset=UTF-8',
    });
    await expect(resolveDownload({ blob: envelope, headers: named('a.pdf') })).rejects.toThrow(BLOB_ERROR_MESSAGE);
    const untypedEnvelope = new Response('{"returnCode":"050001"}', {
      headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename=a.pdf' },
    });
    await expect(resolveDownload(untypedEnvelope)).rejects.toThrow(BLOB_ERROR_MESSAGE);
    await expect(resolveDownload({ blob: new Blob([]), headers: named('a.pdf') })).rejects.toThrow(BLOB_ERROR_MESSAGE);
    await expect(resolveDownload({ blob: pdf, headers: new Headers() })).rejects.toThrow(BLOB_ERROR_MESSAGE);
    await expect(resolveDownload({ blob: pdf, headers: named('清单.csv') })).rejects.toThrow(BLOB_ERROR_MESSAGE);
  });
});
