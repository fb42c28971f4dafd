export { liveEvents } from './app-channel';
export { useLiveEvent, useLiveEventStream } from './hooks';
export type { LiveEventHandler } from './channel';
