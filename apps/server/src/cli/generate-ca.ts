import { loadConfig } from '../config';
import { generateCa } from '../modules/certificates/ca';

/**
 * `npm run ca:generate -w @portal/server`: the bank's root key and self-signed certificate in
 * CRYPTO_KEYS_DIR. Refuses to replace an existing root: certificates it issued would no longer chain.
 */
const config = loadConfig();
await generateCa(config.keysDir);
console.log(`generated the certificate authority in ${config.keysDir}`);
