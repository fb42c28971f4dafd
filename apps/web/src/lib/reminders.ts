/**
 * The home page's reminder counts (spec §3). Writes elsewhere change them (adding an account,
 * reviewing an instruction), so those features invalidate this key rather than wait for it to go stale.
 */
export const remindersKey = ['home', 'reminders'] as const;
