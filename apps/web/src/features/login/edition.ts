import { paths } from '../../config/paths';

/** Spec §1: the signed edition (bank key signature) and the certificate edition (USB key). */
export type Edition = 'signed' | 'certificate';

export const EDITION_LABELS: Record<Edition, string> = { signed: '签约版', certificate: '证书版' };

/** Spec §2 `/login?type=`: signedVersion or certificateVersion. */
const TYPE_QUERY: Record<Edition, string> = { signed: 'signedVersion', certificate: 'certificateVersion' };
const EDITION_PAGES: Record<Edition, string> = { signed: paths.handleLoginSign, certificate: paths.handleLoginCert };

export function editionOf(pathname: string, search: URLSearchParams): Edition {
  if (pathname === paths.handleLoginCert) return 'certificate';
  if (pathname === paths.handleLoginSign) return 'signed';
  return search.get('type') === TYPE_QUERY.certificate ? 'certificate' : 'signed';
}

/** Where switching to an edition goes: `/login` changes its type query, an edition page goes to the other page. */
export function editionHref(edition: Edition, pathname: string, search: URLSearchParams): string {
  const query = new URLSearchParams(search);
  if (pathname !== paths.login) {
    query.delete('type');
    const rest = query.toString();
    return `${EDITION_PAGES[edition]}${rest ? `?${rest}` : ''}`;
  }
  query.set('type', TYPE_QUERY[edition]);
  return `${paths.login}?${query}`;
}
