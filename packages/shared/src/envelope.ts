import { z } from 'zod';

/** Every JSON response of the API: `{ returnCode, returnMsg, data }`, '000000' meaning success. */
export interface ApiEnvelope<T = unknown> {
  returnCode: string;
  returnMsg: string;
  data: T | null;
}

export const apiEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ returnCode: z.string(), returnMsg: z.string(), data: data.nullable() });
