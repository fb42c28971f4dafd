import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCrypto as c, publicKeyPem } from '@portal/crypto/node';
import { instructionsApi, type AnyOperation, type InstructionRecord } from '@portal/shared';
import { loadCertificateAuthority } from '../../../src/modules/certificates';
import { signedPack } from '../../../src/platform/bank-document';
import { BUSINESS_MORNING, BUSINESS_TODAY } from '../../helpers/business-day';
import { serverUnderTest } from '../../helpers/server-under-test';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/verify-evidence.sh');
const OWN = '1000000001';
const TP = '2000000001';
const ACC = '622299000000000071';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

interface Step {
  seq: number;
  action: string;
  role: string;
  userNo: string;
  signature: { signingData: string; signMsg: string; publicKey: string } | null;
}
interface Manifest {
  instruction: Record<string, unknown>;
  approvalRule: unknown;
  signedAt: string;
  steps: Step[];
  attachments: { fileName: string; path: string; sm3: string }[];
  audit: { event: string }[];
}

/** The verify script's answer on a directory: its exit code and what it printed. */
async function verify(dir: string, ...args: string[]) {
  try {
    const { stdout } = await run('sh', [SCRIPT, ...args, dir]);
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

describe('evidence packs (证据包)', () => {
  const LOGINS = { maker: 'ev.maker', reviewer: 'ev.reviewer', confirmer: 'ev.confirmer', confirmReviewer: 'ev.confirmReviewer', check: 'ev.check', exec: 'ev.exec', other: 'ev.other', bare: 'ev.bare' };
  const { app, client, db, asUser, call, ok, refused, addLogin } = serverUnderTest({}, { logins: LOGINS, businessTime: BUSINESS_MORNING });
  const listing = (r: InstructionRecord) => instructionsApi.signedListing([r])[0]!;
  // With the review round: the other steps' layouts leave it out.
  const decide = (r: InstructionRecord, result: 'pass' | 'refuse', reason = '') => ({ ids: [r.id], result, reason, instructions: instructionsApi.signedListing([r], true) });
  let tmp: string;
  let done: InstructionRecord;

  /** The pack of instruction `id` as `who` downloads it (ticket, then the file), unpacked into a new directory. */
  async function pack(id: number, who: string, op: AnyOperation = instructionsApi.instructionEvidence) {
    const { data, json } = await call(op, { id }, who);
    expect(json.returnCode, json.returnMsg).toBe('000000');
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toBe(`证据包_${done.instructionNo}.zip`);
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser(who)}` } });
    expect(file.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(file.rawPayload);
    const dir = await fs.mkdtemp(path.join(tmp, 'pack-'));
    for (const entry of Object.values(zip.files)) {
      if (entry.dir) continue;
      await fs.mkdir(path.dirname(path.join(dir, entry.name)), { recursive: true });
      await fs.writeFile(path.join(dir, entry.name), await entry.async('nodebuffer'));
    }
    return dir;
  }
  const manifestOf = async (dir: string) => JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'evidence-'));
    await db()
      .insertInto('custody_accounts')
      .values({ account_no: ACC, account_name: '证据测试账户', enterprise_no: OWN, product_name: '测试产品', product_code: 'T071', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance: '90000.00', third_party_enterprise_no: TP })
      .execute();
    await db().insertInto('ebank_accounts').values({ account_no: ACC, enterprise_no: OWN, alias: '', used: 1, single_limit: null, daily_limit: null, added_by: 'U100000101' }).execute();
    await addLogin('ev.maker', 'U100000171', OWN, ['CUSTOMER_MAKER']);
    await addLogin('ev.reviewer', 'U100000172', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('ev.confirmer', 'U200000171', TP, ['CUSTOMER_THIRD_PARTY_CONFIRMER']);
    await addLogin('ev.confirmReviewer', 'U200000172', TP, ['CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER']);
    await addLogin('ev.check', 'S900000171', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    await addLogin('ev.exec', 'S900000172', '9000000001', ['STAFF_CUSTODIAN_EXECUTOR'], 'staff');
    await addLogin('ev.other', 'U100000271', '1000000002', ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
    await addLogin('ev.bare', 'U100000179', OWN, []);
    for (const [userNo, r] of [['U100000171', { can_entry: true, can_review: false }], ['U100000172', { can_entry: false, can_review: true }]] as const) {
      await db().insertInto('account_auth').values({ user_no: userNo, account_no: ACC, enterprise_no: OWN, can_query: true, ...r, updated_by: 'test' }).execute();
    }
    // Every step of the chain, each signed step by its own seat's device key.
    const draft = await ok<InstructionRecord>(
      instructionsApi.instructionAdd,
      { type: '01', payerAccountNo: ACC, payeeName: '某某基金托管专户', payeeAccountNo: '6222020000000099', payeeBank: '华夏银行北京分行', payeeCnaps: '304100040000', amount: '1200.00', valueDate: BUSINESS_TODAY, purpose: '申购款', submit: false },
      'maker',
    );
    await ok(instructionsApi.attachmentUpload, { instructionId: draft.id, fileName: '划款合同.png', content: PNG.toString('base64') }, 'maker');
    const [s] = await ok<InstructionRecord[]>(instructionsApi.instructionSubmit, { ids: [draft.id] }, 'maker');
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide(s!, 'pass'), 'reviewer');
    const [c] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirm, decide(r!, 'pass'), 'confirmer');
    const [cr] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirmReview, decide(c!, 'pass'), 'confirmReviewer');
    const [k] = await ok<InstructionRecord[]>(instructionsApi.custodianCheck, decide(cr!, 'pass'), 'check');
    done = await ok<InstructionRecord>(instructionsApi.custodianExecute, { id: k!.id, instruction: listing(k!) }, 'exec');
  });
  afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

  it('holds the instruction, every step with its signature and key, the attachment, the rule and the audit, signed by the bank', async () => {
    const dir = await pack(done.id, 'maker');
    const manifest = await manifestOf(dir);
    expect(manifest.instruction).toMatchObject({ id: done.id, instructionNo: done.instructionNo, amount: '1200.00', status: '60' });
    // The rule version it was submitted under (the demo enterprise has one), as it was saved.
    const { approvalRuleId, approvalRuleVersion } = manifest.instruction as { approvalRuleId: number | null; approvalRuleVersion: number | null };
    expect(approvalRuleId).not.toBeNull();
    expect(manifest.approvalRule).toMatchObject({ ruleVersion: approvalRuleVersion, description: 'approval rule', rule: { id: approvalRuleId, bands: expect.any(Array) } });
    expect(manifest.signedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(manifest.steps.map((s) => s.action)).toEqual(['create', 'submit', 'reviewPass', 'confirmPass', 'confirmReviewPass', 'checkPass', 'execute']);
    const signedSteps = manifest.steps.filter((s): s is Step & { signature: NonNullable<Step['signature']> } => s.signature !== null);
    expect(signedSteps.map((s) => `${s.role}:${s.userNo}`)).toEqual(['复核:U100000172', '第三方确认:U200000171', '第三方确认复核:U200000172', '托管行审核:S900000171', '托管行执行:S900000172']);
    for (const step of signedSteps) {
      const dirOf = `steps/${String(step.seq).padStart(2, '0')}`;
      expect(await fs.readFile(path.join(dir, dirOf, 'signing-data.txt'), 'utf8')).toBe(step.signature.signingData);
      expect((await fs.readFile(path.join(dir, dirOf, 'signature.der'))).toString('base64')).toBe(step.signature.signMsg);
      expect(step.signature.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    }
    expect(manifest.attachments).toHaveLength(1);
    expect(manifest.attachments[0]).toMatchObject({ fileName: '划款合同.png', path: 'attachments/01.png' });
    expect(await fs.readFile(path.join(dir, 'attachments/01.png'))).toEqual(PNG);
    expect(manifest.audit.map((a) => a.event)).toEqual(
      expect.arrayContaining(['instruction.add', 'instruction.attachment_upload', 'instruction.review', 'instruction.confirm', 'instruction.confirm_review', 'instruction.check', 'instruction.execute']),
    );
    expect(await verify(dir)).toEqual({ code: 0, out: 'OK\n' });
    // Against the bank's published root, and against another root.
    const root = path.join(tmp, 'root.pem');
    await fs.writeFile(root, app().bankSigner.rootPem);
    expect((await verify(dir, '--root', root)).code).toBe(0);
    await fs.writeFile(root, (await fs.readFile(path.join(dir, 'steps/03/public-key.pem'))).toString());
    expect((await verify(dir, '--root', root)).out).toContain('FAIL bank/ca.pem');
    const audit = await db().selectFrom('audit_log').select('detail').where('event', '=', 'instruction.evidence').execute();
    expect(audit.at(-1)!.detail).toMatchObject({ id: done.id, instructionNo: done.instructionNo });
  });

  it('fails and names the part when one byte of any part is altered', async () => {
    const dir = await pack(done.id, 'maker');
    const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).map((f) => path.relative(dir, path.join(f.parentPath, f.name)));
    expect(files).toEqual(expect.arrayContaining(['manifest.json', 'manifest.sig', 'SM3SUMS', 'bank/ca.pem', 'bank/signer.pem', 'attachments/01.png', 'steps/03/signature.der', 'steps/03/signing-data.txt', 'steps/03/public-key.pem']));
    for (const name of files) {
      const copy = await fs.mkdtemp(path.join(tmp, 'tamper-'));
      await fs.cp(dir, copy, { recursive: true });
      const bytes = await fs.readFile(path.join(copy, name));
      // A byte in the middle, turned into another printable one (a PEM stays a PEM).
      const at = Math.floor(bytes.length / 2);
      bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
      await fs.writeFile(path.join(copy, name), bytes);
      const { code, out } = await verify(copy);
      expect(code, name).toBe(1);
      // manifest.sig is named by what it signs.
      expect(out, name).toContain(`FAIL ${name === 'manifest.sig' ? 'manifest.json' : name}`);
    }
  });

  it('checks a step signed after a certificate login: the certificate is the bank root’s and certifies the step’s key', async () => {
    const ca = await loadCertificateAuthority(app().config);
    const keys = await c.sm2GenerateKeyPair();
    const other = await c.sm2GenerateKeyPair();
    const data = 'InstructionCheck|pass||[[ZL2026112700000001,622299000000000071,6222020000000099,1200.00,CNY,2026-11-27]]|9c1f3e5a7b2d4f6081a3c5e7f9b1d3e5';
    const step = async (certifiedKey: string) => {
      const files = new Map<string, Uint8Array | string>([
        ['steps/01/signing-data.txt', data],
        ['steps/01/signature.der', await c.sm2Sign(keys.privateKey, c.utf8Encode(data))],
        ['steps/01/public-key.pem', publicKeyPem(keys.publicKey)],
        ['steps/01/certificate.pem', (await ca.issue({ commonName: 'ev.check' }, certifiedKey, new Date())).pem],
      ]);
      const zip = await JSZip.loadAsync(await signedPack(app().bankSigner, { kind: 'test' }, files, new Date()));
      const dir = await fs.mkdtemp(path.join(tmp, 'cert-'));
      for (const entry of Object.values(zip.files)) {
        if (entry.dir) continue;
        await fs.mkdir(path.dirname(path.join(dir, entry.name)), { recursive: true });
        await fs.writeFile(path.join(dir, entry.name), await entry.async('nodebuffer'));
      }
      return verify(dir);
    };
    expect(await step(keys.publicKey)).toEqual({ code: 0, out: 'OK\n' });
    const wrong = await step(other.publicKey);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('FAIL steps/01/certificate.pem: certifies another key than public-key.pem');
  });

  it('is given to whoever sees the instruction, and to nobody else', async () => {
    for (const who of ['reviewer', 'confirmer']) expect(await verify(await pack(done.id, who))).toEqual({ code: 0, out: 'OK\n' });
    expect(await verify(await pack(done.id, 'check', instructionsApi.custodianEvidence))).toEqual({ code: 0, out: 'OK\n' });
    await refused(instructionsApi.instructionEvidence, { id: done.id }, 'other', 404);
    await refused(instructionsApi.instructionEvidence, { id: done.id }, 'bare', 403);
    await refused(instructionsApi.instructionEvidence, { id: 0 }, 'maker', 400, '指令编号不正确');
    await refused(instructionsApi.custodianEvidence, { id: done.id }, 'maker', 403);
  });
});
