export { ApiError, HTTP_MESSAGES, http, type RequestOptions } from './client';
export { API_BASE, CUSTOMER_PREFIX } from './api-base';
export { setHttpNotifier, type HttpNotifier } from './notifier';
export { clearToken, getToken, setToken } from './token';
export { sessionKey } from './session-key';
