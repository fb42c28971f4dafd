import { describe, expect, it } from 'vitest';
import { redactQuery } from './logging';

describe('request URLs in the log', () => {
  it('keep the path and the parameter names, never the values', () => {
    expect(redactQuery('/pmobile/events/stream?ticket=abc123&lastEventId=9')).toBe('/pmobile/events/stream?ticket=[redacted]&lastEventId=[redacted]');
    expect(redactQuery('/pmobile/customer/x?token')).toBe('/pmobile/customer/x?token=[redacted]');
    expect(redactQuery('/pmobile/monitor/system/health')).toBe('/pmobile/monitor/system/health');
    expect(redactQuery('/a?')).toBe('/a?');
  });
});
