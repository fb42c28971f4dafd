import { ENTERPRISE_TYPES } from '@portal/shared';

/** The enterprise kinds as select options and query-form options. */
export const ENTERPRISE_TYPE_OPTIONS = Object.entries(ENTERPRISE_TYPES).map(([value, label]) => ({ value, label }));
export const ENTERPRISE_TYPE_ITEMS = Object.entries(ENTERPRISE_TYPES).map(([key, value]) => ({ key, value }));
