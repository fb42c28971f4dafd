import { loadConfig } from '../config';
import { seedDemoData } from '../seed/seed';
import { openStores } from '../stores';

/** `npm run db:seed`: migrates, then loads the demo data (refused in production). */
const config = loadConfig();
const stores = await openStores(config);
try {
  await seedDemoData(stores.database, config);
  console.log(`demo data seeded (${stores.database.kind})`);
} finally {
  await stores.close();
}
