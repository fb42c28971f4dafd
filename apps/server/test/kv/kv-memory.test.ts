import { MemoryKvStore } from '../../src/kv/memory-kv';
import { kvStoreContract } from '../helpers/kv-contract';

kvStoreContract('memory', async () => new MemoryKvStore(), { sharedAcrossInstances: false });
