import { sql, type Kysely } from 'kysely';
import { publicKeyPem } from '@portal/crypto';
import { DUTY_OF, type InstructionAction, type InstructionDetail } from '@portal/shared';
import type { DB } from '../../db/schema';
import { signedPack, type BankSigner } from '../../platform/bank-document';
import { ruleVersions } from '../approval-rules';
import { sm3Hex } from '../../sm3';

/** What governed an instruction submitted under no approval rule: the fixed chain, one review. */
const FIXED_CHAIN = { ruleVersion: null, description: 'fixed chain' } as const;

/** The approval rule version the instruction was submitted under, as it was saved (versions never change). */
async function governingRule(db: Kysely<DB>, detail: InstructionDetail) {
  if (detail.approvalRuleId === null) return FIXED_CHAIN;
  const [rule] = await ruleVersions(db, detail.enterpriseNo, [detail.approvalRuleId]);
  return rule ? { ruleVersion: rule.version, description: 'approval rule', rule } : FIXED_CHAIN;
}

const DUTY_LABEL = { entry: '录入', review: '复核', confirm: '第三方确认', confirmReview: '第三方确认复核', check: '托管行审核', execute: '托管行执行' } as const;
const roleOf = (action: string) => DUTY_LABEL[DUTY_OF[action as InstructionAction] ?? 'entry'];

/** A step's position as a path segment: 01, 02, … (sorts as the steps happened). */
const seq = (n: number) => String(n + 1).padStart(2, '0');

/** Attachment names in the zip: the position and a safe extension, the original name in the manifest. */
const attachmentPath = (n: number, fileName: string) => `attachments/${seq(n)}${/\.(pdf|jpe?g|png)$/i.exec(fileName)?.[0].toLowerCase() ?? ''}`;

/** Who signed with which key: the audit entry of the signing request names the key (platform/verify-signature.ts). */
async function stepKeys(db: Kysely<DB>, signingData: readonly string[]) {
  if (!signingData.length) return new Map<string, { deviceKey: string; certSerial: string | null }>();
  const rows = await db
    .selectFrom('audit_log')
    .select([sql<string>`detail->'signature'->>'data'`.as('data'), sql<string>`detail->'signature'->>'deviceKey'`.as('key'), sql<string | null>`detail->'signature'->>'certSerial'`.as('serial')])
    .where('outcome', '=', 'success')
    .where(sql<string>`detail->'signature'->>'data'`, 'in', signingData)
    .execute();
  return new Map(rows.map((r) => [r.data, { deviceKey: r.key, certSerial: r.serial }]));
}

/** The audit entries about one instruction: its own writes (`id`, `ids`) and its attachments'. */
function auditRows(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('audit_log')
    .select(['audit_id', 'occurred_at', 'event', 'outcome', 'user_no', 'username', 'enterprise_no', 'client_ip', 'request_id', 'detail'])
    .where('event', 'like', 'instruction.%')
    .where((eb) =>
      eb.or([
        eb(sql`detail->>'id'`, '=', String(id)),
        eb(sql`detail->>'instructionId'`, '=', String(id)),
        eb(sql`detail->'ids'`, '@>', sql`${JSON.stringify([id])}::jsonb`),
      ]),
    )
    .orderBy('audit_id')
    .execute();
}

/**
 * The 证据包 of an instruction (docs/evidence.md): the detail as the caller sees it, each step
 * with its signing data, DER signature and the signer's public key (and certificate after a
 * certificate login, with the bank's root), the attachments and their SM3, the governing rule
 * and the audit entries; signed by the bank.
 */
export async function evidencePack(db: Kysely<DB>, signer: BankSigner, detail: InstructionDetail, now: Date) {
  const id = detail.id;
  const [history, attachments, audit] = await Promise.all([
    db.selectFrom('instruction_history').select(['id', 'sign_code', 'sign_data', 'sign_msg']).where('instruction_id', '=', id).orderBy('id').execute(),
    db.selectFrom('instruction_attachments').select(['id', 'content']).where('instruction_id', '=', id).orderBy('id').execute(),
    auditRows(db, id),
  ]);
  const signed = new Map(history.map((h) => [Number(h.id), h]));
  const keys = await stepKeys(db, history.flatMap((h) => (h.sign_data ? [h.sign_data] : [])));
  const serials = [...keys.values()].flatMap((k) => (k.certSerial ? [k.certSerial] : []));
  const certificates = new Map(
    serials.length ? (await db.selectFrom('certificates').select(['serial', 'certificate']).where('serial', 'in', serials).execute()).map((c) => [c.serial, c.certificate]) : [],
  );

  const files = new Map<string, Uint8Array | string>();
  const steps = detail.history.map((step, n) => {
    const row = signed.get(step.id);
    const base = { seq: n + 1, action: step.action, role: roleOf(step.action), userNo: step.userNo, userName: step.userName, at: step.createdAt, fromStatus: step.fromStatus, toStatus: step.toStatus, result: step.result, reason: step.reason };
    if (!row?.sign_data || !row.sign_msg) return { ...base, signature: null };
    const dir = `steps/${seq(n)}`;
    const key = keys.get(row.sign_data);
    const der = Buffer.from(row.sign_msg, 'base64');
    files.set(`${dir}/signing-data.txt`, row.sign_data);
    files.set(`${dir}/signature.der`, der);
    if (key) files.set(`${dir}/public-key.pem`, publicKeyPem(key.deviceKey));
    const certificate = key?.certSerial ? certificates.get(key.certSerial) : undefined;
    if (certificate) files.set(`${dir}/certificate.pem`, certificate);
    return {
      ...base,
      signature: {
        code: row.sign_code,
        signingData: row.sign_data,
        signMsg: row.sign_msg,
        algorithm: 'SM2-with-SM3, ID 1234567812345678, DER',
        publicKey: key?.deviceKey ?? null,
        certificateSerial: certificate ? key!.certSerial : null,
        files: { signingData: `${dir}/signing-data.txt`, signature: `${dir}/signature.der`, publicKey: key ? `${dir}/public-key.pem` : null, certificate: certificate ? `${dir}/certificate.pem` : null },
      },
    };
  });
  const content = new Map(attachments.map((a) => [a.id, a.content]));
  const attached = detail.attachments.map((a, n) => {
    const body = content.get(a.id)!;
    const path = attachmentPath(n, a.fileName);
    files.set(path, body);
    return { ...a, sm3: sm3Hex(Buffer.from(body)), path };
  });

  const { history: _steps, attachments: _files, ...instruction } = detail;
  const manifest = {
    kind: 'instruction-evidence',
    version: 1,
    instruction,
    steps,
    attachments: attached,
    approvalRule: await governingRule(db, detail),
    audit: audit.map((a) => ({ ...a, audit_id: Number(a.audit_id), occurred_at: new Date(a.occurred_at).toISOString() })),
    bankCertificate: 'bank/signer.pem',
    bankRootCertificate: 'bank/ca.pem',
  };
  const body = await signedPack(signer, manifest, files, now);
  return { fileName: `证据包_${detail.instructionNo}.zip`, contentType: 'application/zip', body };
}
