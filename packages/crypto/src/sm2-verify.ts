import { Field } from '@noble/curves/abstract/modular';
import { weierstrassPoints } from '@noble/curves/abstract/weierstrass';
import { bigIntToBytes, bytesToBigInt, concatBytes, utf8Encode } from './codec';
import { SM2_A, SM2_B, SM2_DEFAULT_USER_ID, SM2_GX, SM2_GY, SM2_N, SM2_P, parsePublicKey, parseSignature, type Sm2Point } from './sm2';

const curve = () => weierstrassPoints({ a: SM2_A, b: SM2_B, Fp: Field(SM2_P), n: SM2_N, h: 1n, Gx: SM2_GX, Gy: SM2_GY }).ProjectivePoint;
type CurvePoint = InstanceType<ReturnType<typeof curve>>;
/**
 * The curve's points for verification, where every value is public (variable time is fine);
 * built on first use, as sm2.ts, which this module reads, also builds its engine from here.
 */
let points: ReturnType<typeof curve> | undefined;

/**
 * Signer keys seen once, then those with a window table, each newest use last. A signer (a
 * session's device key, a certificate) signs again and again: with a 4-bit table t·P costs about a
 * sixth of the bit-by-bit ladder (1.1 against 6 ms) but building it costs about two ladders, so a
 * key gets one at its second verification. About 100 KB a table, so at most 256 (26 MB): more
 * than the signers active at once on one instance.
 */
const seenOnce = new Map<string, true>();
const tabled = new Map<string, CurvePoint>();
const SEEN_MAX = 1024;
const TABLED_MAX = 256;
const WINDOW_BITS = 4;

function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

function publicPoint(Point: ReturnType<typeof curve>, publicKey: string, pub: Sm2Point): CurvePoint {
  const key = publicKey.toLowerCase();
  const known = tabled.get(key);
  if (known) {
    remember(tabled, key, known, TABLED_MAX);
    return known;
  }
  if (!seenOnce.delete(key)) {
    remember(seenOnce, key, true, SEEN_MAX);
    return Point.fromAffine(pub);
  }
  const point = Point.fromAffine(pub).precompute(WINDOW_BITS);
  remember(tabled, key, point, TABLED_MAX);
  return point;
}

/** Z_A = H(ENTL ‖ ID ‖ a ‖ b ‖ x_G ‖ y_G ‖ x_A ‖ y_A), GB/T 32918.2 §5.5. */
export function sm2ZaWith(sm3: (data: Uint8Array) => Uint8Array, pub: Sm2Point, userId = SM2_DEFAULT_USER_ID): Uint8Array {
  const id = utf8Encode(userId);
  const entl = id.length * 8;
  const coords = [SM2_A, SM2_B, SM2_GX, SM2_GY, pub.x, pub.y].map((v) => bigIntToBytes(v, 32));
  return sm3(concatBytes(Uint8Array.of(entl >> 8, entl & 0xff), id, ...coords));
}

/**
 * GB/T 32918.2 §7.1 B1-B7 with `sm3` as the engine's hash: both engines verify here, since only
 * public values are involved and a table per signer key pays (sm-crypto-v2 rebuilds a
 * constant-time table for every verification; node:crypto has no SM2 verification with an ID).
 */
export function sm2VerifyWith(sm3: (data: Uint8Array) => Uint8Array) {
  return (publicKey: string, message: Uint8Array, signature: Uint8Array): boolean => {
    const pub = parsePublicKey(publicKey);
    const rs = parseSignature(signature);
    if (!rs) return false;
    const t = (rs.r + rs.s) % SM2_N;
    if (t === 0n) return false;
    const Point = (points ??= curve());
    const point = Point.BASE.multiplyUnsafe(rs.s).add(publicPoint(Point, publicKey, pub).multiplyUnsafe(t));
    if (point.is0()) return false;
    const e = sm3(concatBytes(sm2ZaWith(sm3, pub), message));
    return (bytesToBigInt(e) + point.toAffine().x) % SM2_N === rs.r;
  };
}
