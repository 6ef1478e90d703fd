import {
  recoveryCodesResponse,
  sessionResponse,
  type TwoFactorDisableBody,
  type TwoFactorVerifyBody,
  twoFactorSetupResponse,
} from '@balcao/shared';
import { request } from '../../shared/api/http';
import { updateSessionUser } from '../../shared/session/session.store';
import { fetchSessionUser } from './auth.api';

export const verifySecondStep = (body: TwoFactorVerifyBody) =>
  request('/auth/2fa/verify', { method: 'POST', body, schema: sessionResponse });

export const setupTwoFactor = () =>
  request('/auth/2fa/setup', { method: 'POST', schema: twoFactorSetupResponse });

export const enableTwoFactor = (code: string) =>
  request('/auth/2fa/enable', { method: 'POST', body: { code }, schema: recoveryCodesResponse });

export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  request('/auth/2fa/disable', { method: 'POST', body });

export const regenerateRecoveryCodes = (code: string) =>
  request('/auth/2fa/recovery-codes', { method: 'POST', body: { code }, schema: recoveryCodesResponse });

/** Enrolment changes what the app lets this user do (an admin the company requires it of): read it again. */
export const refreshTwoFactorStatus = async () => updateSessionUser(await fetchSessionUser());
