/**
 * A refused or failed call; `code` is the returnCode when the server sent one, `data` the
 * refusal's `data` (a 040007 login answer carries the change ticket there).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number | undefined,
    readonly data: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
