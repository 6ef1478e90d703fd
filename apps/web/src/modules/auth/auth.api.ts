import {
  type LoginBody,
  loginResponse,
  publicPlansResponse,
  publicSettingsResponse,
  type SignupBody,
  sessionUserSchema,
  signupResponse,
} from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { clearSession } from '../../shared/session/session.store';

const authKeys = {
  all: ['auth'] as const,
  publicSettings: () => [...authKeys.all, 'public-settings'] as const,
  publicPlans: () => [...authKeys.all, 'public-plans'] as const,
};

export const login = (body: LoginBody) =>
  request('/auth/login', { method: 'POST', body, schema: loginResponse });

export const fetchSessionUser = () => request('/auth/me', { schema: sessionUserSchema });

/** The page's language goes along: otherwise the new admin's profile says pt-BR and sign-in switches to it. */
export const signup = (body: SignupBody) =>
  request('/auth/signup', {
    method: 'POST',
    body: { ...body, language: currentLanguage() },
    schema: signupResponse,
  });

export function usePublicSettings() {
  return useQuery({
    queryKey: authKeys.publicSettings(),
    queryFn: () => request('/public-settings', { schema: publicSettingsResponse }),
    staleTime: 60_000,
  });
}

export function usePublicPlans() {
  return useQuery({
    queryKey: authKeys.publicPlans(),
    queryFn: () => request('/plans/listPublic', { schema: publicPlansResponse }),
    staleTime: 60_000,
  });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

/** Ends the session on the server, then forgets it here even if the server could not be reached. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await request('/auth/logout', { method: 'DELETE' }).catch(() => undefined);
    clearSession();
    queryClient.clear();
  };
}
