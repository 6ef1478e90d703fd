import {
  type RecoveryPasswordBody,
  type RecoveryRequestBody,
  recoveryPasswordResponse,
  recoveryRequestResponse,
  recoveryVerifyResponse,
} from '@balcao/shared';
import { request } from '../../shared/api/http';

/** Answered alike whether or not anyone owns the number or address. */
export const requestRecoveryCode = (body: RecoveryRequestBody) =>
  request('/api/enviar-email', { method: 'POST', body, schema: recoveryRequestResponse });

/** `target`: the digits of the number, or the address, the code was asked for. */
export const verifyRecoveryCode = (target: string, code: string) =>
  request(`/api/verificar-code/${encodeURIComponent(target)}`, {
    method: 'POST',
    body: { code },
    schema: recoveryVerifyResponse,
  });

export const saveRecoveredPassword = (body: RecoveryPasswordBody) =>
  request('/api/atualizar-senha', { method: 'PUT', body, schema: recoveryPasswordResponse });
