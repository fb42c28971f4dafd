import { EDITION_PAGES, LOGIN_EDITIONS, type LoginEdition } from '@portal/shared';
import { paths } from '../../../config/paths';

/** Spec §1: the signed edition (bank key signature) and the certificate edition (the bank's certificate). */
export type Edition = LoginEdition;
export const EDITIONS = LOGIN_EDITIONS;

export const EDITION_LABELS: Record<Edition, string> = { signed: '签约版', certificate: '证书版' };

/** Spec §2 `/login?type=`: signedVersion or certificateVersion. */
const TYPE_QUERY: Record<Edition, string> = { signed: 'signedVersion', certificate: 'certificateVersion' };

/** The edition the address names, or null: `/login` without a type leaves it to the host (spec §6). */
export function namedEdition(pathname: string, search: URLSearchParams): Edition | null {
  const page = EDITIONS.find((edition) => EDITION_PAGES[edition] === pathname);
  if (page) return page;
  const type = search.get('type');
  return EDITIONS.find((edition) => TYPE_QUERY[edition] === type) ?? null;
}

/** The edition to show: the address's, else the host's, else the signed one (as on any unmapped host). */
export function editionOf(pathname: string, search: URLSearchParams, hostEdition: Edition | null): Edition {
  return namedEdition(pathname, search) ?? hostEdition ?? 'signed';
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
