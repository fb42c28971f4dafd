import { FAULTS } from './faults';
import type { ScaleOptions } from './index';

/**
 * CI's short form: 60 virtual users, 45 s (longer while the faults run), one fault of each kind,
 * three instances; about three minutes on a two-core machine with the setup.
 */
export const SHORT_FORM: ScaleOptions = { users: 60, durationS: 45, thinkMs: 1000, faults: [...FAULTS], instances: 3, compare: false, downS: 3, settleS: 10, gapS: 6 };
/** The long form: 200 virtual users for 60 s on one instance, on three, then on three with every fault. */
export const LONG_FORM: ScaleOptions = { ...SHORT_FORM, users: 200, durationS: 60, compare: true, downS: 5 };
