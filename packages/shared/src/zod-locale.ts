import { z } from 'zod';

// Messages zod writes itself (wrong type, missing field) read in Chinese on both sides,
// next to the spec's own messages that the schemas set explicitly.
z.config(z.locales.zhCN());
