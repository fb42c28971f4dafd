export { ApiError } from '../api-error';
export { HTTP_MESSAGES, http, type CallInput, type CallOptions } from './client';
export { API_BASE, apiUrl, pathOf } from './api-base';
export { setHttpNotifier, type HttpNotifier } from './notifier';
export { sessionKey } from './session-key';
export { messageNotifier } from './feedback';
