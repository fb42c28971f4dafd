import { loadConfig } from '../config';
import { generateServerKey } from '../platform/server-keys';

/**
 * `npm run keys:generate -w @portal/server`: a new key pair of CRYPTO_ASYMMETRIC in CRYPTO_KEYS_DIR.
 * Instances started afterwards publish it; the older keys still decrypt until removed.
 */
const config = loadConfig();
const key = await generateServerKey(config.keysDir, config.CRYPTO_ASYMMETRIC);
console.log(`generated ${key.type} key ${key.keyId} in ${config.keysDir}`);
