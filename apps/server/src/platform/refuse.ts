import { RETURN_CODES } from '@portal/shared';
import { AppError } from '../plugins/errors';

/** A refusal of the input with the reason the person sees (an INVALID_PARAMETER). */
export const refuse = (message: string) => new AppError(RETURN_CODES.INVALID_PARAMETER, message);
