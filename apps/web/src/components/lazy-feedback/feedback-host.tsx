import { App } from 'antd';
import { createRoot } from 'react-dom/client';
import { useMessage, type PortalMessage } from '../../lib/countdown-message';
import { UiProviders } from '../ui-providers';

export interface Feedback {
  message: PortalMessage;
  modal: ReturnType<typeof App.useApp>['modal'];
}

function Capture({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const message = useMessage();
  const { modal } = App.useApp();
  onReady({ message, modal });
  return null;
}

/** Mounts antd's App with the portal's theme in a root of its own and hands over its message and modal. */
export function mountFeedback(): Promise<Feedback> {
  return new Promise((resolve) => {
    const holder = document.createElement('div');
    document.body.append(holder);
    createRoot(holder).render(
      <UiProviders>
        <Capture onReady={resolve} />
      </UiProviders>,
    );
  });
}
