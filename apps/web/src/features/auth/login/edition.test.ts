import { describe, expect, it } from 'vitest';
import { editionHref, editionOf, namedEdition } from './edition';

const q = (s = '') => new URLSearchParams(s);

describe('the login edition', () => {
  it('is what the address names, whatever the host stands for', () => {
    expect(editionOf('/handleLoginCert', q(), 'signed')).toBe('certificate');
    expect(editionOf('/handleLoginSign', q(), 'certificate')).toBe('signed');
    expect(editionOf('/login', q('type=certificateVersion'), 'signed')).toBe('certificate');
    expect(editionOf('/login', q('type=signedVersion'), 'certificate')).toBe('signed');
  });

  it('on /login without a type is the host’s, and the signed one on an unmapped host', () => {
    expect(namedEdition('/login', q('redirect=/home'))).toBeNull();
    expect(namedEdition('/login', q('type=other'))).toBeNull();
    expect(editionOf('/login', q(), 'certificate')).toBe('certificate');
    expect(editionOf('/login', q('type=other'), null)).toBe('signed');
  });

  it('switches on /login by the type query and elsewhere to the other page, keeping the rest', () => {
    expect(editionHref('signed', '/login', q('redirect=/home'))).toBe('/login?redirect=%2Fhome&type=signedVersion');
    expect(editionHref('certificate', '/handleLoginSign', q('type=signedVersion&userNo=1'))).toBe('/handleLoginCert?userNo=1');
  });
});
