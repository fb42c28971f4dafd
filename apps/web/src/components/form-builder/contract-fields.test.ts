import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractFields } from './contract-fields';

const shape = {
  code: z.string().trim().min(1, '请输入编码'),
  note: z.string().max(5, '备注过长').default(''),
  priority: z.number({ error: '优先级须为整数' }).int(),
  enabled: z.union([z.literal(0), z.literal(1)]),
};

describe('contractFields', () => {
  const fields = contractFields(shape, [
    { name: 'code', type: 'text' },
    { name: 'note', type: 'textarea' },
    { name: 'priority', type: 'number' },
    { name: 'enabled', type: 'switch' },
  ]);
  const byName = Object.fromEntries(fields.map((f) => [f.name, f]));

  it('marks a field required when the contract refuses it empty; a switch always has a value', () => {
    expect(byName.code!.required).toBe(true);
    expect(byName.note!.required).toBe(false);
    expect(byName.priority!.required).toBe(true);
    expect(byName.enabled!.required).toBe(false);
  });

  it('judges a value with the contract field and its message', async () => {
    const rule = byName.note!.rules![0] as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, '123456')).rejects.toThrow('备注过长');
    await expect(rule.validator({}, 'ok')).resolves.toBeUndefined();
  });
});
