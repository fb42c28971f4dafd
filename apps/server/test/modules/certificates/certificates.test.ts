import { beforeAll, describe, expect, it } from 'vitest';
import { createCsr, fromPem, issueCertificate, parseCertificate, portalCrypto as c, type KeyPair } from '@portal/crypto/node';
import { RETURN_CODES, certificatesApi, loginSigningString, queryByKeySigningString, type AnyOperation, type CertificateRecord } from '@portal/shared';
import { openssl, opensslStatus, sm2PublicPem } from '../../../../../packages/crypto/test/helpers';
import { TEST_CAPTCHA } from '../../helpers/login-client';
import { serverUnderTest } from '../../helpers/server-under-test';

const P = '/pmobile/customer';
const SM2_ID = 'distid:1234567812345678';
const accountEdit = { accountNo: '622202000000001234', alias: '一号户', singleLimit: '1000000.00', dailyLimit: null };
const DAY = 86_400_000;

describe('certificate edition', () => {
  const { app, client, db, asUser, pathOf, call } = serverUnderTest({ CERT_VALIDITY_DAYS: '730' }, { caller: 'admin' });

  beforeAll(async () => {
    await asUser('admin');
  });

  const staffOk = async <T>(op: AnyOperation, body: unknown) => {
    const { res, json, data } = await call(op, body);
    expect(res.statusCode, `${op.id}: ${json.returnMsg}`).toBe(200);
    return data as T;
  };
  const codeFor = async (username: string) => (await staffOk<{ code: string; expiresAt: string }>(certificatesApi.certActivationCode, { username })).code;

  /** The password control over a fresh server random, as the browser's control makes it. */
  async function control(password: string) {
    const { appAsymmetricEncryptionType: asym, appAsymmetricEncryptionPublicKey: key } = client().envelope.negotiated;
    const random = await client().random();
    const randomClient = c.randomHex(16);
    const zctgPassword = await c.asymEncrypt(asym, key, c.utf8Encode(JSON.stringify({ password, random, randomClient })));
    return { random, randomClient, zctgPassword };
  }

  async function enroll(activationCode: string, password: string, keys: KeyPair, csrKeys: KeyPair = keys) {
    await client().captcha();
    const csr = c.toBase64(await createCsr(c, csrKeys, { commonName: 'ignored' }));
    return client().envelope.post(pathOf(certificatesApi.certEnroll), {
      activationCode: activationCode.toLowerCase(),
      csr,
      captcha: TEST_CAPTCHA,
      lastRev: client().envelope.rev,
      ...(await control(password)),
    });
  }

  async function certLogin(username: string, password: string, certificate: string, privateKey: string, op: AnyOperation = certificatesApi.certLogin) {
    await client().captcha();
    const pw = await control(password);
    const signMsg = c.toBase64(await c.sm2Sign(privateKey, c.utf8Encode(loginSigningString(username, pw.random, pw.randomClient, '1'))));
    return client().envelope.post(pathOf(op), {
      username,
      captcha: TEST_CAPTCHA,
      lastRev: client().envelope.rev,
      extension: { loginType: '1', ...pw, certificate, signMsg, channelCode: 'WY' },
    });
  }

  /** `user/queryByKey` with proof of the key: its signature of a fresh server random (`random` to reuse one). */
  async function queryByKey(certificate: string, privateKey: string, random?: string) {
    const r = random ?? (await client().random());
    const signMsg = c.toBase64(await c.sm2Sign(privateKey, c.utf8Encode(queryByKeySigningString(r))));
    return client().envelope.post(`${P}/user/queryByKey`, { certificate, random: r, signMsg });
  }

  const der64 = (pem: string) => c.toBase64(fromPem('CERTIFICATE', pem));
  const code = (r: { json: { returnCode: string } }) => r.json.returnCode;
  let demoKeys: KeyPair;
  let demoCert: string;
  let demoSerial: string;

  it('hands out activation codes to staff holding CERT_MANAGE only, for known logins', async () => {
    const issued = await staffOk<{ code: string; expiresAt: string; username: string }>(certificatesApi.certActivationCode, { username: 'demo' });
    expect(issued.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(new Date(issued.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect((await call(certificatesApi.certActivationCode, { username: 'nobody.here' })).json.returnMsg).toBe('用户不存在');
    expect((await call(certificatesApi.certActivationCode, { username: 'demo' }, 'demo')).res.statusCode).toBe(403);
    // Only the hash is stored, and the audit entry never carries the code.
    const stored = await db().selectFrom('certificate_activation_codes').select('code_hash').execute();
    expect(stored.every((r) => r.code_hash !== issued.code.replaceAll('-', ''))).toBe(true);
    const audit = await db().selectFrom('audit_log').select('detail').where('event', '=', 'cert.activation_code').execute();
    expect(JSON.stringify(audit)).not.toContain(issued.code);
  });

  it('enrols: proof of possession, password, then a certificate chaining to the root; the code is single use', async () => {
    const issuedCode = await codeFor('demo');
    demoKeys = await c.sm2GenerateKeyPair();
    const other = await c.sm2GenerateKeyPair();

    // A CSR naming our key but signed by another fails proof of possession; the code survives.
    const swapped = await enroll(issuedCode, 'Demo1234', demoKeys, { privateKey: other.privateKey, publicKey: demoKeys.publicKey });
    expect(code(swapped)).toBe(RETURN_CODES.CERT_REQUEST_INVALID.code);
    expect(code(await enroll(issuedCode, 'Wrong1234', demoKeys))).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    expect(code(await enroll('AAAA-BBBB-CCCC', 'Demo1234', demoKeys))).toBe(RETURN_CODES.CERT_ACTIVATION_INVALID.code);

    const ok = await enroll(issuedCode, 'Demo1234', demoKeys);
    expect(code(ok), ok.json.returnMsg).toBe('000000');
    const data = ok.data as { username: string; serial: string; certificate: string; rootCertificate: string; notAfter: string };
    expect(data.username).toBe('demo');
    expect(data.serial).toMatch(/^[0-9a-f]{32}$/);
    const parsed = parseCertificate(fromPem('CERTIFICATE', data.certificate));
    expect(parsed).toMatchObject({ serial: data.serial, publicKey: demoKeys.publicKey, subject: { commonName: 'demo' } });
    expect(Math.round((parsed.notAfter.getTime() - parsed.notBefore.getTime()) / DAY)).toBe(730);
    const files = { 'root.pem': data.rootCertificate, 'user.pem': data.certificate };
    expect(new TextDecoder().decode(openssl(['verify', '-vfyopt', SM2_ID, '-CAfile', 'root.pem', 'user.pem'], files))).toContain('OK');
    demoCert = der64(data.certificate);
    demoSerial = data.serial;

    expect(code(await enroll(issuedCode, 'Demo1234', demoKeys))).toBe(RETURN_CODES.CERT_ACTIVATION_INVALID.code);
    const audit = await db().selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'cert.enroll').orderBy('audit_id').execute();
    expect(audit.map((a) => [a.outcome, (a.detail as { reason?: string }).reason])).toEqual([
      ['failure', 'csr_invalid'],
      ['failure', 'wrong_password'],
      ['failure', 'activation_code_invalid'],
      ['success', undefined],
      ['failure', 'activation_code_invalid'],
    ]);
  });

  it('expires an activation code after 15 minutes', async () => {
    const later = await codeFor('checker');
    app().clock.advance(16 * 60_000);
    try {
      expect(code(await enroll(later, 'Demo1234', await c.sm2GenerateKeyPair()))).toBe(RETURN_CODES.CERT_ACTIVATION_INVALID.code);
    } finally {
      app().clock.advance(-16 * 60_000);
    }
  });

  it('refuses the signed edition to a login holding an active certificate, after the password proved right', async () => {
    const refused = await client().attempt('demo', 'Demo1234');
    expect(refused.json.returnCode).toBe(RETURN_CODES.CERT_REQUIRED.code);
    expect(refused.json.returnMsg).toBe('该用户已启用数字证书，请使用证书版登录');
    // A wrong password says nothing of the certificate.
    expect((await client().attempt('demo', 'Wrong1234')).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
  });

  it('answers the login bound to a certificate only to the holder of its key, and nothing of its seats (user/queryByKey)', async () => {
    const res = await queryByKey(demoCert, demoKeys.privateKey);
    expect(res.json.returnCode, res.json.returnMsg).toBe('000000');
    expect(Object.keys(res.data as object).sort()).toEqual(['certificate', 'serial', 'username']);
    expect(res.data).toMatchObject({ username: 'demo', serial: demoSerial });

    // Pen test: a copy of the certificate without its key learns nothing, registered or not.
    const stranger = await c.sm2GenerateKeyPair();
    const junk = c.toBase64(c.randomBytes(300));
    const answers = [];
    for (const certificate of [demoCert, junk]) {
      const wrongKey = await queryByKey(certificate, stranger.privateKey);
      const garbled = await client().envelope.post(`${P}/user/queryByKey`, { certificate, random: await client().random(), signMsg: c.toBase64(c.randomBytes(70)) });
      const unsigned = await client().envelope.post(`${P}/user/queryByKey`, { certificate, random: await client().random() });
      const bare = await client().envelope.post(`${P}/user/queryByKey`, { certificate });
      answers.push([wrongKey, garbled, unsigned, bare].map((r) => ({ status: r.res.statusCode, json: r.json })));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.map((a) => [a.status, a.json.returnMsg])).toEqual([
      [400, RETURN_CODES.CERT_STATUS.message],
      [400, RETURN_CODES.CERT_STATUS.message],
      [400, RETURN_CODES.CERT_STATUS.message],
      [400, expect.any(String)],
    ]);
    expect(answers[0]!.map((a) => (a.json as { data?: unknown }).data ?? null)).toEqual([null, null, null, null]);

    // The random serves once, and only a random this server issued.
    const random = await client().random();
    expect(code(await queryByKey(demoCert, demoKeys.privateKey, random))).toBe('000000');
    expect(code(await queryByKey(demoCert, demoKeys.privateKey, random))).toBe(RETURN_CODES.RANDOM_INVALID.code);
    expect(code(await queryByKey(demoCert, demoKeys.privateKey, c.randomHex(16)))).toBe(RETURN_CODES.RANDOM_INVALID.code);
  });

  it('logs in with the certificate; its key signs the session operations and the audit keeps the serial', async () => {
    const res = await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey);
    expect(code(res), res.json.returnMsg).toBe('000000');
    const token = (res.data as { access_token: string }).access_token;
    const session = await db().selectFrom('sessions').select(['device_key', 'cert_serial']).where('revoked_at', 'is', null).where('user_no', 'like', 'U%').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session).toEqual({ device_key: demoKeys.publicKey, cert_serial: demoSerial });

    const byCertificate = await client().signed(`${P}/VerifySign/AccountEdit`, accountEdit, token, demoKeys.privateKey);
    expect((await client().call(`${P}/VerifySign/AccountEdit`, byCertificate, token)).json.returnCode).toBe('000000');
    // The browser's device key no longer speaks for this session.
    const byDevice = await client().call(`${P}/VerifySign/AccountEdit`, accountEdit, token);
    expect(byDevice.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);

    const entry = await db().selectFrom('audit_log').select('detail').where('event', '=', 'login').where('outcome', '=', 'success').orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
    expect(entry.detail).toMatchObject({ certSerial: demoSerial });

    // OpenSSL checks a login signature with the key taken from the certificate.
    const msg = c.utf8Encode('demo|0123|4567|1');
    const sig = await c.sm2Sign(demoKeys.privateKey, msg);
    const pub = sm2PublicPem(parseCertificate(c.fromBase64(demoCert)).publicKey);
    expect(opensslStatus(['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-digest', 'sm3', '-pkeyopt', SM2_ID, '-in', 'msg', '-sigfile', 'sig'], { 'pub.pem': pub, msg, sig })).toBe(0);
  });

  it('answers the same login at spec §7’s unprefixed user/handleLogin, with the same refusals', async () => {
    expect(pathOf(certificatesApi.certLoginUnprefixed)).toBe('/pmobile/user/handleLogin');
    expect(certificatesApi.certLoginUnprefixed.defaults).toEqual(certificatesApi.certLogin.defaults);
    const res = await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey, certificatesApi.certLoginUnprefixed);
    expect(code(res), res.json.returnMsg).toBe('000000');
    const other = await certLogin('checker', 'Demo1234', demoCert, demoKeys.privateKey, certificatesApi.certLoginUnprefixed);
    expect(other.json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
  });

  it('refuses another login, another signer, and a certificate of another CA with the spec message', async () => {
    const other = await certLogin('checker', 'Demo1234', demoCert, demoKeys.privateKey);
    expect(other.json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
    const wrongKey = await certLogin('demo', 'Demo1234', demoCert, (await c.sm2GenerateKeyPair()).privateKey);
    expect(code(wrongKey)).toBe(RETURN_CODES.SIGNATURE_INVALID.code);

    // Same key, same names, same serial, but signed by a root of its own: no chain to ours.
    const rogue = await c.sm2GenerateKeyPair();
    const root = parseCertificate(c.fromBase64(demoCert)).issuer;
    const forged = await issueCertificate(c, {
      issuer: { ...rogue, name: root },
      subject: { commonName: 'demo' },
      publicKey: demoKeys.publicKey,
      serial: demoSerial,
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
      ca: false,
    });
    const res = await certLogin('demo', 'Demo1234', c.toBase64(forged), demoKeys.privateKey);
    expect(res.json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
    const reasons = await db().selectFrom('audit_log').select('detail').where('event', '=', 'login').where('outcome', '=', 'failure').orderBy('audit_id', 'desc').limit(3).execute();
    expect(reasons.map((r) => (r.detail as { reason: string }).reason)).toEqual(['certificate_invalid', 'signature_invalid', 'certificate_binding']);
  });

  it('freeze refuses the login and ends its sessions; unfreeze lets it in again; each change audited', async () => {
    const token = ((await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey)).data as { access_token: string }).access_token;
    const frozen = await staffOk<CertificateRecord>(certificatesApi.certFreeze, { serial: demoSerial });
    expect(frozen.status).toBe('frozen');
    expect((await client().get(`${P}/current/user`, {}, token)).res.statusCode).toBe(401);
    expect((await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey)).json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
    expect((await call(certificatesApi.certFreeze, { serial: demoSerial })).json.returnMsg).toBe('只有正常状态的证书可以冻结');
    // Pen test H2: a frozen certificate (a lost key) must not fall back to the password.
    const signedWhileFrozen = await client().attempt('demo', 'Demo1234');
    expect(signedWhileFrozen.json.returnCode).toBe(RETURN_CODES.CERT_REQUIRED.code);
    expect((await staffOk<CertificateRecord>(certificatesApi.certUnfreeze, { serial: demoSerial })).status).toBe('active');
    expect(code(await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey))).toBe('000000');
    const audit = await db().selectFrom('audit_log').select(['event', 'outcome']).where('event', 'in', ['cert.freeze', 'cert.unfreeze']).orderBy('audit_id').execute();
    expect(audit).toEqual([
      { event: 'cert.freeze', outcome: 'success' },
      { event: 'cert.freeze', outcome: 'failure' },
      { event: 'cert.unfreeze', outcome: 'success' },
    ]);
  });

  it('renew: a new serial for the same key; the old copy is refused and queryByKey hands out the new one', async () => {
    const renewed = await staffOk<CertificateRecord>(certificatesApi.certRenew, { serial: demoSerial });
    expect(renewed.serial).not.toBe(demoSerial);
    expect(renewed).toMatchObject({ status: 'active', renewedFrom: demoSerial, publicKey: demoKeys.publicKey });
    // Password login comes back only once no certificate of the login is active or frozen.
    expect((await call(certificatesApi.certRestorePassword, { serial: demoSerial })).json.returnMsg).toBe('该用户仍有正常或冻结的证书，请先吊销后再恢复密码登录');
    expect((await call(certificatesApi.certRestorePassword, { serial: renewed.serial })).json.returnMsg).toBe('只有已吊销的证书可以恢复密码登录');
    expect((await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey)).json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
    const found = (await queryByKey(demoCert, demoKeys.privateKey)).data as { serial: string; certificate: string };
    expect(found.serial).toBe(renewed.serial);
    demoCert = der64(found.certificate);
    demoSerial = renewed.serial;
    expect(code(await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey))).toBe('000000');
    const list = await staffOk<{ records: CertificateRecord[]; total: number }>(certificatesApi.certQuery, { username: 'DEMO' });
    expect(list.records.map((r) => [r.status, r.renewedBy])).toEqual([
      ['active', null],
      ['revoked', renewed.serial],
    ]);
  });

  it('an expired certificate is refused with the spec message', async () => {
    app().clock.advance(731 * DAY);
    try {
      expect((await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey)).json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
      expect((await queryByKey(demoCert, demoKeys.privateKey)).json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
    } finally {
      app().clock.advance(-731 * DAY);
    }
  });

  it('revoke refuses the certificate for good; the password stays refused until staff restore password login, audited', async () => {
    const revoked = await staffOk<CertificateRecord>(certificatesApi.certRevoke, { serial: demoSerial, reason: '客户申请注销' });
    expect(revoked).toMatchObject({ status: 'revoked', revokeReason: '客户申请注销', passwordRestoredAt: null });
    expect((await certLogin('demo', 'Demo1234', demoCert, demoKeys.privateKey)).json.returnMsg).toBe(RETURN_CODES.CERT_STATUS.message);
    expect((await call(certificatesApi.certUnfreeze, { serial: demoSerial })).json.returnMsg).toBe('只有冻结状态的证书可以解冻');
    // Pen test H2: revoking the certificate does not give the signed edition back by itself.
    expect((await client().attempt('demo', 'Demo1234')).json.returnCode).toBe(RETURN_CODES.CERT_REQUIRED.code);
    const restored = await staffOk<CertificateRecord>(certificatesApi.certRestorePassword, { serial: demoSerial });
    expect(restored.passwordRestoredAt).not.toBeNull();
    expect((await call(certificatesApi.certRestorePassword, { serial: demoSerial })).json.returnMsg).toBe('该用户已恢复密码登录');
    expect((await client().attempt('demo', 'Demo1234')).json.returnCode).toBe('000000');
    const audit = await db().selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'cert.password_restore').orderBy('audit_id').execute();
    // The two refusals of the renew test, this restore, and the second one refused.
    expect(audit.map((a) => a.outcome)).toEqual(['failure', 'failure', 'success', 'failure']);
  });
});
