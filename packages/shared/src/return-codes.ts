/**
 * The one error catalogue: every returnCode the server sends and the web app shows.
 * Codes are grouped by the first two digits: 00 success, 01 request format,
 * 02 crypto envelope, 03 operation signatures, 04 identity and authority, 05 server.
 */
export const RETURN_CODES = {
  SUCCESS: { code: '000000', status: 200, message: '成功' },

  INVALID_PARAMETER: { code: '010001', status: 400, message: '请求参数不合法' },
  MALFORMED_BODY: { code: '010002', status: 400, message: '请求报文格式错误，无法解析' },
  UNSUPPORTED_MEDIA_TYPE: { code: '010003', status: 415, message: '不支持的请求内容类型，请使用 application/json' },
  PAYLOAD_TOO_LARGE: { code: '010004', status: 413, message: '请求报文过大' },
  NOT_FOUND: { code: '010005', status: 404, message: '请求的接口不存在' },
  METHOD_NOT_ALLOWED: { code: '010006', status: 405, message: '不支持的请求方法' },
  TOO_MANY_REQUESTS: { code: '010007', status: 429, message: '请求过于频繁，请稍后再试' },
  /** The operation's catalogue entry has status 0 (spec §3 "API definition"). */
  API_DISABLED: { code: '010008', status: 403, message: '接口已停用' },
  /** A served route with no catalogue entry: refused rather than served without a policy. */
  API_NOT_REGISTERED: { code: '010009', status: 404, message: '接口未在网关登记' },
  /** The client's API list (x-api-version) is older than the catalogue: it refetches and retries. */
  API_LIST_STALE: { code: '010010', status: 409, message: '接口清单已更新，请重试' },
  /** An Idempotency-Key sent again with a request that differs from the one it was first used with. */
  IDEMPOTENCY_KEY_REUSED: { code: '010011', status: 409, message: '该幂等键（Idempotency-Key）已用于内容不同的请求，请勿重复使用' },
  /** The key's first request committed but its answer is not known yet (still finishing, or its instance stopped). */
  IDEMPOTENCY_IN_PROGRESS: { code: '010012', status: 409, message: '该请求已受理，结果尚未返回，请稍后刷新查看' },
  /** An Idempotency-Key header that is empty, too long or not printable ASCII. */
  IDEMPOTENCY_KEY_INVALID: { code: '010013', status: 400, message: '幂等键（Idempotency-Key）格式不正确：应为1至100位可打印字符' },

  APPID_INVALID: { code: '020001', status: 400, message: '应用标识(appid)无效' },
  BL_HEADER_INVALID: { code: '020002', status: 400, message: '请求头BL无效' },
  REV_MISSING: { code: '020003', status: 400, message: '缺少会话密钥，请刷新页面后重试' },
  REV_INVALID: { code: '020004', status: 400, message: '会话密钥无法解密，请刷新页面后重试' },
  PLAINTEXT_REFUSED: { code: '020005', status: 400, message: '该接口要求加密传输，已拒绝明文请求' },
  DECRYPT_FAILED: { code: '020006', status: 400, message: '报文解密失败，请刷新页面后重试' },
  REPLAY_HEADERS_MISSING: { code: '020007', status: 400, message: '缺少防重放签名信息' },
  REPLAY_STALE: { code: '020008', status: 400, message: '请求时间与服务器时间相差过大，请校准本机时间后重试' },
  REPLAY_NONCE_USED: { code: '020009', status: 400, message: '重复提交的请求，已拒绝' },
  REPLAY_SIGN_INVALID: { code: '020010', status: 400, message: '请求签名校验失败' },

  // Signed operations (docs/signing.md): the device key's signature of the operation's data.
  SIGN_MISSING: { code: '030001', status: 400, message: '缺少操作签名（signMsg），请重新提交' },
  SIGN_MALFORMED: { code: '030002', status: 400, message: '操作签名格式不正确，须为SM2签名的base64编码' },
  SIGN_INVALID: { code: '030003', status: 400, message: '操作签名验证失败：提交的数据已被改动，或签名密钥与登录时的设备密钥不一致，请重新登录后再试' },
  /** Spec §5 "Signing data". */
  SIGN_DATA_TOO_LONG: { code: '030004', status: 400, message: '验签数据过长，请检查或减少选中项！' },
  /** A session from before signed operations: it knows no device key to check against. */
  SIGN_KEY_UNKNOWN: { code: '030005', status: 400, message: '当前登录未记录签名设备密钥，请重新登录后再试' },
  /** The signing data's single-use challenge: absent, never issued to this session, expired or already spent (a replay). */
  SIGN_CHALLENGE_INVALID: { code: '030006', status: 400, message: '签名挑战值无效或已使用，请重新提交' },

  UNAUTHENTICATED: { code: '040001', status: 401, message: '认证失败，请重新登录！' },
  FORBIDDEN: { code: '040003', status: 403, message: '您没有访问该功能的权限' },
  MUST_CHANGE_PASSWORD: { code: '040007', status: 200, message: '首次登录或密码已过期，请修改密码' },
  CAPTCHA_INVALID: { code: '040011', status: 400, message: '图形验证码错误，请重新输入' },
  CAPTCHA_EXPIRED: { code: '040012', status: 400, message: '图形验证码已失效，请刷新后重新输入' },
  CREDENTIALS_INVALID: { code: '040013', status: 400, message: '用户名或密码错误' },
  ACCOUNT_LOCKED: { code: '040014', status: 403, message: '用户已被锁定，请联系管理员解锁' },
  RANDOM_INVALID: { code: '040015', status: 400, message: '安全随机数已失效，请重新提交' },
  SIGNATURE_INVALID: { code: '040016', status: 400, message: '登录签名验证失败' },
  PASSWORD_RULE: { code: '040017', status: 400, message: '密码复杂度不符合要求，必须包含数字和字母' },
  PASSWORD_REUSED: { code: '040018', status: 400, message: '新密码不能与最近12次使用过的密码相同' },
  OLD_PASSWORD_WRONG: { code: '040019', status: 400, message: '原密码错误' },
  SWITCH_SAME_ENTERPRISE: { code: '040020', status: 400, message: '切换的企业为当前登录企业！' },
  USER_NO_INVALID: { code: '040021', status: 400, message: '所选企业用户号无效' },
  CHANGE_TICKET_INVALID: { code: '040022', status: 400, message: '修改密码凭证无效或已过期，请重新登录' },
  /** A right password, but every seat of the person is in a disabled enterprise. */
  ENTERPRISE_DISABLED: { code: '040023', status: 403, message: '所属企业已停用，请联系管理员' },
  /** `/auth/oauth/token`: unknown client, wrong secret, revoked client (RFC 6749 §5.2 invalid_client is 401 too). */
  PARTNER_CLIENT_INVALID: { code: '040024', status: 401, message: '合作方客户端认证失败' },
  /** Spec §3's `{loginFlag, wxCode}` login needs a WeChat platform this product cannot reach (docs/scan-login.md). */
  WECHAT_LOGIN_UNAVAILABLE: { code: '040025', status: 400, message: '微信登录未开通' },
  /** `user/initial/password` for a password that is not (or no longer) the initial one: an expired one changes by `userPassword/force/update`. */
  PASSWORD_NOT_INITIAL: { code: '040026', status: 400, message: '当前密码不是初始密码，请按提示修改过期密码' },
  /** Certificate edition (spec §8): expired, frozen, revoked, unknown, or none in this browser. */
  CERT_STATUS: { code: '040030', status: 400, message: '当前证书状态异常包含但不限于(过期/未下载/冻结),请使用网银助手检查证书状态' },
  /** A login holding an active certificate, on the signed edition. */
  CERT_REQUIRED: { code: '040031', status: 403, message: '该用户已启用数字证书，请使用证书版登录' },
  CERT_ACTIVATION_INVALID: { code: '040032', status: 400, message: '激活码无效或已过期，请联系银行重新获取' },
  /** Proof of possession failed: the request was not signed by the key it names. */
  CERT_REQUEST_INVALID: { code: '040033', status: 400, message: '证书请求签名验证失败，请重新生成证书' },
  /**
   * A seat that puts a login on both sides of an instruction: in an institution the accounts of
   * another of its enterprises name as third party, or the reverse. Given again with
   * `confirmConflict: true` it is opened (and audited as confirmed); segregation of duties still
   * keeps the person to one customer step of each instruction.
   */
  SEAT_DUTY_CONFLICT: { code: '040034', status: 409, message: '该用户将同时在企业及其账户指定的第三方机构开立用户号，请确认后再开立' },

  INTERNAL_ERROR: { code: '050000', status: 500, message: '系统繁忙，请稍后再试' },
  SERVICE_UNAVAILABLE: { code: '050003', status: 503, message: '服务暂不可用，请稍后再试' },
} as const satisfies Record<string, { code: string; status: number; message: string }>;

export type ReturnCodeName = keyof typeof RETURN_CODES;
export type ReturnCode = (typeof RETURN_CODES)[ReturnCodeName]['code'];

export const SUCCESS_CODE = RETURN_CODES.SUCCESS.code;

const byCode = new Map<string, (typeof RETURN_CODES)[ReturnCodeName]>(
  Object.values(RETURN_CODES).map((entry) => [entry.code, entry]),
);

/** The catalogue's message for a code, or undefined for a code we do not know. */
export function returnMessage(code: string): string | undefined {
  return byCode.get(code)?.message;
}
