import { gatewayApi } from '@portal/shared';
import { http } from '../../../lib/http';

/** `partnerDocument`: the OpenAPI document of the enabled, partner-open definitions. */
export const fetchPartnerDocument = () => http.call(gatewayApi.partnerDocument);
