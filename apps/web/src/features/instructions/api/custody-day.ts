import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessCalendar, cutoffsApi, custodyDayAt, type CustodyDay, type OperationData } from '@portal/shared';
import { http } from '../../../lib/http';
import { noteServerTime } from '../../../lib/server-clock';
import { instructionsKey } from './instructions';

const toCustodyDay = (answer: OperationData<typeof cutoffsApi.custodyDay>): CustodyDay =>
  custodyDayAt(Date.parse(answer.now), businessCalendar(answer.days), answer.cutoffs);

/**
 * The server's instant, today, the cut-offs and the days off ahead (`instruction/custodyDay`), as
 * the rules take them, so that entry offers the value date the server will accept and greys the
 * others. Asked afresh whenever an entry form opens: the instant is the server's at that moment.
 */
export const useCustodyDay = (): CustodyDay | undefined =>
  useQuery(
    queryOptions({
      queryKey: [...instructionsKey, 'custody-day'],
      // The answer's instant also sets the countdowns' clock to the server's.
      queryFn: async () => {
        const answer = await http.call(cutoffsApi.custodyDay);
        noteServerTime(answer.now);
        return answer;
      },
      staleTime: 0,
      select: toCustodyDay,
    }),
  ).data;
