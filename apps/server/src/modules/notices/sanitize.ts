import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// Required at the first notice written rather than at start-up: loading it is a few hundred
// milliseconds of a restart that no login or read needs.
let library: typeof SanitizeHtml | undefined;
const sanitizer = () => (library ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml);

/**
 * Pictures only as data URLs of raster types: an external image would tell a third party who
 * read the notice and when, and an SVG can carry script.
 */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/** Bidi embeddings, overrides and isolates: in a notice they could reverse what follows them. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

const options = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: ['p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'hr', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  // No style, class or id: a notice cannot restyle or cover the console around it.
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the console in a new tab that cannot reach back into it.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  textFilter: (text) => text.replace(BIDI_CONTROLS, ''),
  exclusiveFilter: (frame) => frame.tag === 'img' && !DATA_IMAGE.test(frame.attribs.src ?? ''),
});

/** A notice body as it is stored and shown: only the markup of OPTIONS survives. */
export const cleanNoticeBody = (html: string) => sanitizer()(html, options(sanitizer())).trim();

/** Whether a cleaned body still says something: text, or a picture. */
export const hasContent = (clean: string) => /<img\s/i.test(clean) || sanitizer()(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
