import { REMINDER_FIELDS, type ReminderCounts } from '@portal/shared';

declare module 'fastify' {
  interface FastifyInstance {
    /** Business modules register their share of the home counts here. */
    reminders: ReminderRegistry;
  }
}

export interface ReminderScope {
  /** The login across all its seats: segregation of duties counts per person. */
  userId: number;
  userNo: string;
  enterpriseNo: string;
  authorities: readonly string[];
  /** The request's business instant (platform/business-clock.ts): what is due today is judged at it. */
  now: number;
}

/** A business module's share of the home counts, always within the caller's enterprise. */
export type ReminderProvider = (scope: ReminderScope) => Promise<Partial<ReminderCounts>>;

/**
 * The home reminder counts (spec §3) come from the modules that own the data: accounts,
 * instructions, warnings and risk each register a provider. With none, every count is 0.
 */
export class ReminderRegistry {
  readonly #providers: ReminderProvider[] = [];

  register(provider: ReminderProvider) {
    this.#providers.push(provider);
  }

  async counts(scope: ReminderScope): Promise<ReminderCounts> {
    const totals = Object.fromEntries(REMINDER_FIELDS.map((f) => [f, 0])) as ReminderCounts;
    for (const part of await Promise.all(this.#providers.map((p) => p(scope)))) {
      for (const field of REMINDER_FIELDS) totals[field] += part[field] ?? 0;
    }
    return totals;
  }
}
