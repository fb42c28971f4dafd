import { CODE_TABLES, type Authority } from '@portal/shared';

type ChannelCode = keyof typeof CODE_TABLES.channel;

/**
 * The channels (spec §3 code table) a user number may use, derived rather than stored: the
 * portal has no screen that opens other channels, and a table nobody can edit would only
 * repeat this rule. Every active seat reaches the bank through e-banking (IBS); a seat that
 * may enter instructions also sends payments to other banks through the super e-banking
 * network (IBP). Alipay, the voice response system, card and cash management are opened at
 * the counter, not here, so no seat has them. A disabled seat or person has none.
 */
export function channelsOf(seat: { active: boolean; authorities: readonly string[] }): { channelCode: ChannelCode; channelName: string }[] {
  if (!seat.active) return [];
  const codes: ChannelCode[] = ['IBS'];
  if (seat.authorities.includes('INSTRUCTION_ENTRY' satisfies Authority)) codes.push('IBP');
  return codes.map((code) => ({ channelCode: code, channelName: CODE_TABLES.channel[code] }));
}
