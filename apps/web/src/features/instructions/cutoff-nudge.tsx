import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { cutoffNudgeMessage } from '@portal/shared';
import { useLiveEvent } from '../../lib/live-events';
import { instructionsKey } from './api/instructions';

/**
 * Mounted by the console: when an instruction reaches this user's queue with under an hour left
 * to its cut-off (`instruction.cutoffNear`), a notification names it and the time left, and the
 * instruction lists reload to show it. It stays until closed: the user may be elsewhere.
 */
export function CutoffNudge() {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  useLiveEvent('instruction.cutoffNear', (event) => {
    void queryClient.invalidateQueries({ queryKey: instructionsKey });
    notification.warning({
      key: `cutoff-${event.id}`,
      title: '指令临近截止',
      description: cutoffNudgeMessage(event.ids ?? [], event.counts?.msLeft ?? 0),
      duration: 0,
      placement: 'topRight',
    });
  });
  return null;
}
