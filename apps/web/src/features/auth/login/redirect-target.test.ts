import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget (spec §2 login redirect)', () => {
  it('keeps a path inside the app with its query and hash', () => {
    expect(redirectTarget('/diagnostics')).toBe('/diagnostics');
    expect(redirectTarget('/system/accountManagement/index?page=2#top')).toBe('/system/accountManagement/index?page=2#top');
  });

  it('goes home without a target, or for the login pages themselves', () => {
    expect(redirectTarget(null)).toBe('/home');
    expect(redirectTarget('')).toBe('/home');
    expect(redirectTarget('/login?redirect=/x')).toBe('/home');
    expect(redirectTarget('/handleLoginCert')).toBe('/home');
  });

  it('ignores anything that could leave the app', () => {
    for (const hostile of [
      'https://evil.example/home',
      'http:/evil.example',
      '//evil.example/home',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' /home',
      '/\t/evil.example',
      'home',
      'data:text/html,x',
    ]) {
      expect(redirectTarget(hostile), hostile).toBe('/home');
    }
  });

  it('normalises dot segments so the path stays under the app', () => {
    expect(redirectTarget('/a/../../diagnostics')).toBe('/diagnostics');
  });
});
