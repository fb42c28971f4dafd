import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd rule from a contract's field schema, so a form refuses exactly what the server
 * would, with the same message. An empty field is judged as ''.
 */
export function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
