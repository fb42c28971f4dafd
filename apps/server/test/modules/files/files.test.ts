import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RETURN_CODES, uploadSchema } from '@portal/shared';
import { serverUnderTest } from '../../helpers/server-under-test';
import { serveTestOperations, testOperation } from '../../helpers/test-operations';

const SECRET = '账号,余额\n6222021234567890123,1000000.00\n';
const csv = Buffer.from(SECRET, 'utf8');
const upload = uploadSchema({ maxBytes: 1024, extensions: ['csv', 'xlsx'] });
const uploaded = z.object({ fileName: z.string(), bytes: z.number() });
const session = ['customer', 'staff'] as const;

describe('files through the envelope', () => {
  const receive = async ({ input }: { input: unknown }) => {
    const file = input as z.infer<typeof upload>;
    return { fileName: file.fileName, bytes: Buffer.from(file.content, 'base64').length };
  };
  const file = async () => ({ fileName: '持仓明细.csv', contentType: 'text/csv; charset=utf-8', body: csv });
  // Served before the client connects, so that its API list knows which paths are encrypted.
  const { app, client, asUser } = serverUnderTest({}, {
    prepare: (server) =>
      serveTestOperations(server, [
        [testOperation({ id: 'T_UP_SEALED', path: '/test/upload/sealed', method: 'POST', audience: [...session], kind: 'upload', maxBytes: 1024, encrypt: true, request: upload, response: uploaded }), receive],
        [testOperation({ id: 'T_UP_PLAIN', path: '/test/upload/plain', method: 'POST', audience: [...session], kind: 'upload', maxBytes: 1024, request: upload, response: uploaded }), receive],
        [testOperation({ id: 'T_DL_SEALED', path: '/test/download/sealed', method: 'POST', audience: [...session], kind: 'download', maxBytes: 4096, encrypt: true }), file],
        [testOperation({ id: 'T_DL_PLAIN', path: '/test/download/plain', method: 'POST', audience: [...session], kind: 'download', maxBytes: 4096 }), file],
        // A handler that sends bytes itself on an encrypted path: the envelope must stop them.
        [
          testOperation({ id: 'T_LEAK', path: '/test/leak', method: 'POST', audience: [...session], encrypt: true }),
          async ({ reply }) => reply.type('application/octet-stream').send(csv),
        ],
      ]),
  });
  const auth = async (who: string) => ({ authorization: `Bearer ${await asUser(who)}` });

  beforeAll(async () => {
    await asUser('demo');
    await asUser('checker');
  });

  it('takes an upload sealed inside { request } on an encrypted path, and refuses it in plaintext', async () => {
    const content = csv.toString('base64');
    const sealed = await client().envelope.post('/pmobile/test/upload/sealed', { fileName: '持仓.csv', content }, await auth('demo'));
    expect(sealed.res.statusCode).toBe(200);
    expect(sealed.json.response).toEqual(expect.any(String));
    expect(sealed.body).not.toContain(content);
    expect(sealed.data).toEqual({ fileName: '持仓.csv', bytes: csv.length });

    const plain = await app().inject({
      method: 'POST',
      url: '/pmobile/test/upload/sealed',
      payload: { fileName: '持仓.csv', content },
      headers: { ...client().envelope.headers, ...(await auth('demo')) },
    });
    expect(plain.json().returnCode).toBe(RETURN_CODES.PLAINTEXT_REFUSED.code);
  });

  it('refuses an oversize, wrongly named or disguised upload with a clear message', async () => {
    const post = async (fileName: string, content: Buffer) =>
      client().envelope.post('/pmobile/test/upload/plain', { fileName, content: content.toString('base64') }, await auth('demo'));
    const cases: [string, Buffer, string][] = [
      ['大文件.csv', Buffer.alloc(1025, 0x41), '文件不能超过1KB'],
      ['程序.exe', csv, '仅支持上传csv、xlsx格式的文件'],
      ['伪装.xlsx', csv, '文件内容与扩展名不符'],
      ['二进制.csv', Buffer.from([0x41, 0x00, 0x42]), '文件内容与扩展名不符'],
    ];
    for (const [name, content, message] of cases) {
      const { res, json } = await post(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(json.returnMsg, name).toBe(message);
    }
    const notBase64 = await client().envelope.post('/pmobile/test/upload/plain', { fileName: 'a.csv', content: '!!!!' }, await auth('demo'));
    expect(notBase64.json.returnMsg).toBe('文件内容格式不正确');
  });

  it('answers a download on an encrypted path with a ticket: one fetch, by the same session, with the file name', async () => {
    const { res, data, json } = await client().envelope.post('/pmobile/test/download/sealed', {}, await auth('demo'));
    expect(res.statusCode).toBe(200);
    expect(json).not.toHaveProperty('data');
    expect(res.rawPayload.includes(csv)).toBe(false);
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toBe('持仓明细.csv');

    const fetchFile = async (who: string) =>
      app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, ...(await auth(who)) } });
    const stranger = await fetchFile('checker');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().returnMsg).toBe('下载票据无效或已过期');

    const file = await fetchFile('demo');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(csv)).toBe(true);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="____.csv"; filename*=UTF-8''${encodeURIComponent('持仓明细.csv')}`);

    expect((await fetchFile('demo')).statusCode).toBe(400);
    const anonymous = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: client().envelope.headers });
    expect(anonymous.statusCode).toBe(401);
  });

  it('streams a download on a plaintext path directly', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/pmobile/test/download/plain',
      payload: {},
      headers: { ...client().envelope.headers, ...(await auth('demo')) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(csv)).toBe(true);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('never lets bytes leave an encrypted path in the clear', async () => {
    const { res } = await client().envelope.post('/pmobile/test/leak', {}, await auth('demo'));
    expect(res.statusCode).toBe(500);
    expect(res.rawPayload.includes(csv)).toBe(false);
  });
});
